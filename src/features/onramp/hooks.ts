// What the Buy page uses: its own buyOrder actor, provided with the card on-ramp's calls, the
// payment window and this browser's memory of the order, and read through selectors.
import { useEffect, useMemo } from "react";
import type { ActorRefFrom } from "xstate";
import { buyOrderMachine } from "../../../machines/onramp/buyOrder.machine.ts";
import type { BuyForm, BuyOrderInput } from "../../../machines/onramp/buyOrder.types.ts";
import { useAppCall } from "../../shared/actors/context.tsx";
import { useActorRef, useInSession } from "../../shared/actors/hooks.ts";
import { base64url } from "../../shared/lib/base64url.ts";
import { createPaymentWindow } from "./adapters/paymentWindow.ts";
import { createPendingBuyStore } from "./adapters/pendingBuy.ts";
import { buyOrderImplementations } from "./services/actors.ts";

export type BuyOrderRef = ActorRefFrom<typeof buyOrderMachine>;

/** A fresh idempotency key per press; the machine keeps the first of an attempt. */
const newKey = () => base64url(crypto.getRandomValues(new Uint8Array(18)));

/**
 * The page's buy, started on `input` (its query's asset and currency, and the order to watch: the
 * query's, else the one this browser remembered). A later asset or currency in the query is sent
 * to the form.
 */
export function useBuyOrder({ orderId, asset, currency, offer }: BuyOrderInput): BuyOrderRef {
  const call = useAppCall();
  const machine = useMemo(
    () => buyOrderMachine.provide(buyOrderImplementations({ call, paymentWindow: createPaymentWindow(), pendingBuy: createPendingBuyStore() })),
    [call],
  );
  // A remembered order (not the page's own `?order=`) is only offered when the page asked for an asset.
  const actor = useInSession(
    useActorRef(machine, { input: { orderId: orderId ?? createPendingBuyStore().read(), asset, currency, offer: !orderId && offer } }),
  );
  useEffect(() => {
    const form = actor.getSnapshot().context.form;
    const changes: Partial<BuyForm> = {};
    if (asset && asset !== form.asset) changes.asset = asset;
    if (currency && currency !== form.currency) changes.currency = currency;
    if (Object.keys(changes).length) actor.send({ type: "buy.edit", changes });
  }, [actor, asset, currency]);
  return actor;
}

/** What the page's buttons send. */
export function buyCommands(actor: BuyOrderRef) {
  return {
    edit: (changes: Partial<BuyForm>) => actor.send({ type: "buy.edit", changes }),
    pay: () => actor.send({ type: "buy.pay", idempotencyKey: newKey() }),
    retry: () => actor.send({ type: "buy.retry" }),
    again: () => actor.send({ type: "buy.again" }),
    cancel: () => actor.send({ type: "buy.cancel" }),
    resume: () => actor.send({ type: "buy.resume" }),
    blur: () => actor.send({ type: "buy.blur" }),
    /** Reopens the payment page in its popup (the click is the gesture); a blocked popup turns the button into a link. */
    reopen: () => actor.send({ type: "buy.reopen" }),
  };
}
