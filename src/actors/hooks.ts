import { useSelector } from "@xstate/react";
import { useAppActor } from "./context.tsx";
import type { Locale } from "../../machines/locale.machine.ts";

export function useIsAuthenticated(): boolean {
  return useSelector(useAppActor("auth"), (state) => state.matches("authenticated"));
}

export function useIsLoggingOut(): boolean {
  return useSelector(useAppActor("auth"), (state) => state.matches({ authenticated: "loggingOut" }));
}

export function useActiveLocale(): Locale {
  return useSelector(useAppActor("locale"), (state) => state.context.active ?? state.context.requested);
}
