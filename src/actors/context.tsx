import { createContext, useContext, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { authMachine } from "../../machines/auth.machine.ts";
import type { localeMachine } from "../../machines/locale.machine.ts";
import type { routeProgressMachine } from "../../machines/routeProgress.machine.ts";

/** The app's long-lived actors; views select from their snapshots and send them events. */
export interface AppActors {
  auth: ActorRefFrom<typeof authMachine>;
  locale: ActorRefFrom<typeof localeMachine>;
  routeProgress: ActorRefFrom<typeof routeProgressMachine>;
}

const ActorsContext = createContext<AppActors | null>(null);

export function ActorsProvider({ actors, children }: { actors: AppActors; children: ReactNode }) {
  return <ActorsContext.Provider value={actors}>{children}</ActorsContext.Provider>;
}

export function useAppActor<K extends keyof AppActors>(name: K): AppActors[K] {
  const actors = useContext(ActorsContext);
  if (!actors) throw new Error("useAppActor must be used inside <ActorsProvider>");
  return actors[name];
}
