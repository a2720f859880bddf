// What the Exchange page uses: its own tradeQuote actor, provided with the trading calls, and the
// commands its controls send. The address is the ticket's source: a change there is sent as an edit.
import { useEffect, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import type { TicketForm } from "../../../machines/exchange/tradeQuote.types.ts";
import { useAppCall } from "../../shared/actors/context.tsx";
import { useActorRef, useInSession } from "../../shared/actors/hooks.ts";
import { tradeQuoteImplementations } from "./services/actors.ts";

export type TradeQuoteRef = ActorRefFrom<typeof tradeQuoteMachine>;

/** The ticket's part of the form that the address decides: the kind, both legs and their decimals. */
export type AddressedForm = Pick<TicketForm, "kind" | "from" | "to" | "decimals">;

export function useTradeQuote(addressed: AddressedForm): TradeQuoteRef {
  const call = useAppCall();
  const machine = useMemo(() => tradeQuoteMachine.provide(tradeQuoteImplementations(call)), [call]);
  const actor = useInSession(useActorRef(machine, { input: { form: addressed } }));
  useAddressedForm(actor, addressed);
  return actor;
}

/** Sends what the address changed (Back, a tab, an asset) to the ticket as one edit. */
export function useAddressedForm(actor: TradeQuoteRef, { kind, from, to, decimals }: AddressedForm) {
  const [fromDecimals, toDecimals] = [decimals.from, decimals.to];
  useEffect(() => {
    const form = actor.getSnapshot().context.form;
    const changes: Partial<TicketForm> = {};
    if (kind !== form.kind) changes.kind = kind;
    if (from !== form.from) changes.from = from;
    if (to !== form.to) changes.to = to;
    if (fromDecimals !== form.decimals.from || toDecimals !== form.decimals.to) changes.decimals = { from: fromDecimals, to: toDecimals };
    // Another kind gives another asset: what was typed is not an amount of it.
    if (changes.kind) Object.assign(changes, { amount: "", side: "from" });
    if (Object.keys(changes).length) actor.send({ type: "exchange.edit", changes });
  }, [actor, kind, from, to, fromDecimals, toDecimals]);
}

/** Keeps the ticket told what may be spent of `from`. */
export function useAvailable(actor: TradeQuoteRef, available: string | null) {
  useEffect(() => {
    if (actor.getSnapshot().context.form.available !== available) actor.send({ type: "exchange.balance", available });
  }, [actor, available]);
}

/** What the ticket's controls send. */
export function tradeCommands(actor: TradeQuoteRef) {
  return {
    edit: (changes: Partial<TicketForm>) => actor.send({ type: "exchange.edit", changes }),
    blur: () => actor.send({ type: "exchange.blur" }),
    confirm: () => actor.send({ type: "exchange.confirm" }),
    acceptWorse: () => actor.send({ type: "exchange.acceptWorse" }),
    requote: () => actor.send({ type: "exchange.requote" }),
    again: () => actor.send({ type: "exchange.again" }),
  };
}
