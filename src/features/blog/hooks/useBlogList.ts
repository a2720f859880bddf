import { useEffect, useMemo, useState } from "react";
import { blogListMachine, type BlogFilters, type BlogListTag } from "../../../../machines/blog/blogList.machine.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useSelector } from "../../../shared/actors/hooks.ts";
import { blogListImplementations, firstBlogPage } from "../services/actors.ts";

/** The blog's posts for `filters` (read from the page's address): other filters load their page. */
export function useBlogList(filters: BlogFilters) {
  const call = useAppCall();
  const machine = useMemo(() => blogListMachine.provide(blogListImplementations({ call })), [call]);
  // Taken once, when the actor is made: the HTML's answer is for the address the page opened at.
  const [initial] = useState(() => firstBlogPage(call, filters));
  const actor = useActorRef(machine, { input: { filters, initial } });
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.filters) !== key) actor.send({ type: "blog.filter", filters: JSON.parse(key) as BlogFilters });
  }, [actor, key]);
  const page = useSelector(actor, (state) => state.context.page);
  const failure = useSelector(actor, (state) => state.context.failure);
  const tags = useSelector(actor, (state) => [...state.tags].sort().join(" "));
  return {
    page,
    failure,
    has: (tag: BlogListTag) => tags.split(" ").includes(tag),
    retry: () => actor.send({ type: "blog.retry" }),
  };
}
