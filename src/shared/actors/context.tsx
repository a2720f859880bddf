import { createContext, useContext, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { authMachine } from "../../../machines/auth/auth.machine.ts";
import type { codeCooldownMachine } from "../../../machines/auth/codeCooldown.machine.ts";
import type { localeMachine } from "../../../machines/shell/locale.machine.ts";
import type { routeProgressMachine } from "../../../machines/shell/routeProgress.machine.ts";
import type { Call } from "../api/call.ts";
import type { EventLog } from "./eventLog.ts";
import type { SessionScope } from "./session.ts";

/** The app's long-lived actors; views select from their snapshots and send them events. */
export interface AppActors {
  auth: ActorRefFrom<typeof authMachine>;
  locale: ActorRefFrom<typeof localeMachine>;
  routeProgress: ActorRefFrom<typeof routeProgressMachine>;
  codeCooldown: ActorRefFrom<typeof codeCooldownMachine>;
}

interface Runtime {
  actors: AppActors;
  /** Kept only where the statecharts viewer is built. */
  eventLog: EventLog | undefined;
  /** The typed API call, for a feature's hooks that create a page's own actors (views use those hooks). */
  call: Call | undefined;
  /** Where a page's actors of the signed-in session are adopted, to be stopped at its end (none in view tests). */
  session: SessionScope | undefined;
}

const ActorsContext = createContext<Runtime | null>(null);
export function ActorsProvider({
  actors,
  eventLog,
  call,
  session,
  children,
}: {
  actors: AppActors;
  eventLog?: EventLog | undefined;
  call?: Call | undefined;
  session?: SessionScope | undefined;
  children: ReactNode;
}) {
  return <ActorsContext.Provider value={{ actors, eventLog, call, session }}>{children}</ActorsContext.Provider>;
}

function useRuntime(): Runtime {
  const runtime = useContext(ActorsContext);
  if (!runtime) throw new Error("app actors are read inside <ActorsProvider>");
  return runtime;
}

export function useAppActor<K extends keyof AppActors>(name: K): AppActors[K] {
  return useRuntime().actors[name];
}

/** Every app actor by name, for tools that list them all (the statecharts viewer). */
export function useAppActors(): AppActors {
  return useRuntime().actors;
}

export function useEventLog(): EventLog | undefined {
  return useRuntime().eventLog;
}

/** The API call the page actors of a feature's hooks are given; only those hooks read it. */
export function useAppCall(): Call {
  const { call } = useRuntime();
  if (!call) throw new Error("no API call was given to <ActorsProvider>");
  return call;
}

/** The session scope page actors are adopted into (src/shared/actors/session.ts). */
export function useSessionScope(): SessionScope | undefined {
  return useRuntime().session;
}
