import { useEffect } from "react";
import { useSelector } from "@xstate/react";
import { useAppActor } from "./context.tsx";
import type { AuthContext, AuthFailure, AuthFlow } from "../../../machines/auth/auth.machine.ts";
import type { Locale } from "../../../machines/shell/locale.machine.ts";

export function useIsAuthenticated(): boolean {
  return useSelector(useAppActor("auth"), (state) => state.matches("authenticated"));
}

export function useIsLoggingOut(): boolean {
  return useSelector(useAppActor("auth"), (state) => state.matches({ authenticated: "loggingOut" }));
}

export function useActiveLocale(): Locale {
  return useSelector(useAppActor("locale"), (state) => state.context.active ?? state.context.requested);
}

/** The auth call in flight (`loggingIn`, `signingUp`, …), or null: forms show progress and refuse a second submit. */
export function useAuthCall(): string | null {
  return useSelector(useAppActor("auth"), (state) => {
    if (!state.hasTag("loading")) return null;
    const value = state.value;
    return typeof value === "string" ? value : (Object.values(value)[0] as string);
  });
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
  return useSelector(useAppActor("codeCooldown"), (state) => (state.matches("waiting") ? state.context.secondsLeft : 0));
}
