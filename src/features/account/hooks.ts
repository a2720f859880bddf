import { useEffect, useRef } from "react";
import type { AccountFailure, AccountFlow, AccountNotice } from "../../../machines/account/account.types.ts";
import { useAppActor } from "../../shared/actors/context.tsx";
import { useSelector } from "../../shared/actors/hooks.ts";

// The account machine runs inside auth while signed in (auth invokes it); views read it by tags
// and context, and hear its successes as emitted events.

/** The signed-in user's account actor, or undefined while signed out. */
export function useAccount() {
  return useSelector(useAppActor("auth"), (state) => state.children.account);
}

/** Whether this form's call (`updateProfile`, …) is in flight. */
export function useAccountBusy(flow: AccountFlow): boolean {
  return useSelector(useAccount(), (state) => state?.hasTag(flow) ?? false);
}

/** The last failure of this form, if that is what the machine holds. */
export function useAccountFailure(flow: AccountFlow): AccountFailure | null {
  return useSelector(useAccount(), (state) => (state?.context.error?.flow === flow ? state.context.error : null));
}

/** Runs `then` each time the account machine says this was saved (a form clears itself, say). */
export function useOnAccountNotice(notice: AccountNotice, then: () => void): void {
  const account = useAccount();
  const latest = useRef(then);
  useEffect(() => {
    latest.current = then;
  });
  useEffect(() => {
    const subscription = account?.on("account.notice", (event) => {
      if (event.notice === notice) latest.current();
    });
    return () => subscription?.unsubscribe();
  }, [account, notice]);
}

/** Opening the page drops a failure left over from an earlier visit. */
export function useDismissAccountOnOpen(): void {
  const account = useAccount();
  useEffect(() => {
    account?.send({ type: "account.dismiss" });
  }, [account]);
}
