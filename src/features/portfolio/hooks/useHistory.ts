import { useEffect, useMemo } from "react";
import { historyMachine, type HistoryFilters, type HistoryTag } from "../../../../machines/portfolio/history.machine.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useInSession, useSelector } from "../../../shared/actors/hooks.ts";
import { historyImplementations } from "../services/actors.ts";

/**
 * The transaction history for `filters` (read from the page's address): new filters start the
 * list again from its first page.
 */
export function useHistory(filters: HistoryFilters) {
  const call = useAppCall();
  const machine = useMemo(() => historyMachine.provide(historyImplementations({ call })), [call]);
  const actor = useInSession(useActorRef(machine, { input: { filters } }));
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.filters) !== key) actor.send({ type: "history.filter", filters: JSON.parse(key) as HistoryFilters });
  }, [actor, key]);
  const items = useSelector(actor, (state) => state.context.items);
  const failure = useSelector(actor, (state) => state.context.failure);
  const tags = useSelector(actor, (state) => [...state.tags].sort().join(" "));
  return {
    items,
    failure,
    has: (tag: HistoryTag) => tags.split(" ").includes(tag),
    loadMore: () => actor.send({ type: "history.loadMore" }),
    retry: () => actor.send({ type: "history.retry" }),
  };
}
