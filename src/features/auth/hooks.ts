import { useEffect } from "react";
import type { AuthContext, AuthEvent, AuthFailure, AuthFlow, AuthTag } from "../../../machines/auth/auth.types.ts";
import { useAppActor } from "../../shared/actors/context.tsx";
import { useSelector } from "../../shared/actors/hooks.ts";

/** Whether the auth machine carries this tag now: `loading` for any call, or one form's call (`login`, `signup`, …). */
export function useAuthBusy(tag: AuthTag): boolean {
  return useSelector(useAppActor("auth"), (state) => state.hasTag(tag));
}

/** Whether the auth machine would take this event now (a call in flight takes no second one). */
export function useAuthCan(event: AuthEvent): boolean {
  return useSelector(useAppActor("auth"), (state) => state.can(event));
}

/** The last failure of one of these forms, if that is what the machine holds. */
export function useAuthFailure(...flows: AuthFlow[]): AuthFailure | null {
  return useSelector(useAppActor("auth"), (state) => {
    const error = state.context.error;
    return error && flows.includes(error.flow) ? error : null;
  });
}

/** Opening a form drops a failure left over from an earlier visit. */
export function useDismissOnOpen(): void {
  const auth = useAppActor("auth");
  useEffect(() => {
    auth.send({ type: "auth.dismiss" });
  }, [auth]);
}

export function useAuthContext<T>(select: (context: AuthContext) => T): T {
  return useSelector(useAppActor("auth"), (state) => select(state.context));
}

/** Seconds until another e-mail code may be asked for (0 when it may). */
export function useCodeCooldown(): number {
  return useSelector(useAppActor("codeCooldown"), (state) => (state.hasTag("waiting") ? state.context.secondsLeft : 0));
}
