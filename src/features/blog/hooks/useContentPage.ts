import { useEffect, useMemo, useState } from "react";
import { contentPageMachine, type ContentPageTag, type ContentRequest } from "../../../../machines/blog/contentPage.machine.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useSelector } from "../../../shared/actors/hooks.ts";
import { contentPageImplementations, firstContent } from "../services/actors.ts";

/** A post, a partner's page or the partners' list for `request`; another address or language loads again. */
export function useContentPage<T>(request: ContentRequest) {
  const call = useAppCall();
  const machine = useMemo(() => contentPageMachine.provide(contentPageImplementations({ call })), [call]);
  const [initial] = useState(() => firstContent(call, request));
  const actor = useActorRef(machine, { input: { request, initial } });
  const key = JSON.stringify(request);
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.request) !== key) actor.send({ type: "content.load", request: JSON.parse(key) as ContentRequest });
  }, [actor, key]);
  const data = useSelector(actor, (state) => state.context.data) as T | null;
  const failure = useSelector(actor, (state) => state.context.failure);
  const tags = useSelector(actor, (state) => [...state.tags].sort().join(" "));
  return {
    data,
    failure,
    has: (tag: ContentPageTag) => tags.split(" ").includes(tag),
    retry: () => actor.send({ type: "content.retry" }),
  };
}
