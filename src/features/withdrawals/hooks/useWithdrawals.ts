import { useMemo } from "react";
import { addressBookMachine, type AddressBookTag, type AddressChange } from "../../../../machines/withdrawals/addressBook.machine.ts";
import { withdrawalMachine, type WithdrawalTag } from "../../../../machines/withdrawals/withdrawal.machine.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useActorRef, useInSession, useSelector } from "../../../shared/actors/hooks.ts";
import { addressBookImplementations, withdrawalImplementations } from "../services/actors.ts";

/** The address book and latest withdrawals, refreshed while on screen, and the changes made to the book. */
export function useAddressBook() {
  const call = useAppCall();
  const machine = useMemo(() => addressBookMachine.provide(addressBookImplementations({ call })), [call]);
  const actor = useInSession(useActorRef(machine));
  const context = useSelector(actor, (state) => state.context);
  const tags = useSelector(actor, (state) => [...state.tags].sort().join(" "));
  return {
    ...context,
    has: (tag: AddressBookTag) => tags.split(" ").includes(tag),
    change: (change: AddressChange) => actor.send({ type: "book.change", change }),
    refresh: () => actor.send({ type: "book.refresh" }),
    retry: () => actor.send({ type: "book.retry" }),
  };
}

/** One withdrawal at a time: figures, then the e-mailed code. */
export function useWithdrawal() {
  const call = useAppCall();
  const machine = useMemo(() => withdrawalMachine.provide(withdrawalImplementations({ call })), [call]);
  const keySeed = useMemo(() => crypto.randomUUID().replace(/-/g, "").slice(0, 24), []);
  const actor = useInSession(useActorRef(machine, { input: { keySeed } }));
  const context = useSelector(actor, (state) => state.context);
  const tags = useSelector(actor, (state) => [...state.tags].sort().join(" "));
  return {
    ...context,
    has: (tag: WithdrawalTag) => tags.split(" ").includes(tag),
    edit: (addressId: string, amount: string) => actor.send({ type: "withdraw.edit", addressId, amount }),
    review: () => actor.send({ type: "withdraw.preview" }),
    confirm: () => actor.send({ type: "withdraw.confirm" }),
    code: (code: string) => actor.send({ type: "withdraw.code", code }),
    back: () => actor.send({ type: "withdraw.back" }),
    again: () => actor.send({ type: "withdraw.again" }),
  };
}
