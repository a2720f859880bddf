import { useEffect } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import type { AnyActorRef } from "xstate";
import { useAppActor, useSessionScope } from "./context.tsx";
import type { Profile } from "../../../machines/auth/auth.types.ts";
import type { Locale } from "../../../machines/shell/locale.machine.ts";

// Views read machines' declared tags and context, never their state names.

/**
 * The one selector hook views use. Lazily loaded code takes it from here, the app's first chunk,
 * rather than from @xstate/react itself: a chunk shared by several pages that imports the package
 * directly makes the bundler split @xstate/react and xstate into chunks of their own (about 1 KB
 * gzip more before first paint).
 */
export { useActorRef, useSelector };

/**
 * Makes a page's actor part of the signed-in session: every sign-out stops it before the app
 * navigates (src/shared/actors/session.ts). Pass the actor `useActorRef` gave.
 */
export function useInSession<A extends AnyActorRef>(actor: A): A {
  const session = useSessionScope();
  useEffect(() => session?.adopt(actor), [session, actor]);
  return actor;
}

export function useIsAuthenticated(): boolean {
  return useSelector(useAppActor("auth"), (state) => state.hasTag("signedIn"));
}

export function useIsLoggingOut(): boolean {
  return useSelector(useAppActor("auth"), (state) => state.hasTag("logout"));
}

/** The signed-in user's profile (`userInfo`), once the server confirmed the session. */
export function useProfile(): Profile | null {
  return useSelector(useAppActor("auth"), (state) => state.context.userInfo);
}

export function useActiveLocale(): Locale {
  return useSelector(useAppActor("locale"), (state) => state.context.active ?? state.context.requested);
}
