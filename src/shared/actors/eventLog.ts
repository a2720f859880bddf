import type { InspectionEvent } from "xstate";

export interface LoggedEvent {
  seq: number;
  at: number;
  /** The app actor that received it (auth, locale, …). */
  actor: string;
  type: string;
}

/** The recent events the app's actors received, for the statecharts viewer; no external inspector. */
export interface EventLog {
  entries(): readonly LoggedEvent[];
  subscribe(listener: () => void): () => void;
  /** Pass as `inspect` to createActor; `name` labels the root actor in the log. */
  inspectorFor(name: string): (event: InspectionEvent) => void;
}

export function createEventLog(limit = 100): EventLog {
  let entries: LoggedEvent[] = [];
  let seq = 0;
  const listeners = new Set<() => void>();
  return {
    entries: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inspectorFor: (name) => (inspection) => {
      // Events the machine itself received; its invoked promises' own traffic is noise here.
      if (inspection.type !== "@xstate.event" || inspection.actorRef.sessionId !== inspection.rootId) return;
      // A new array per event, so React's useSyncExternalStore sees the change.
      entries = [...entries.slice(-(limit - 1)), { seq: ++seq, at: Date.now(), actor: name, type: inspection.event.type }];
      listeners.forEach((listener) => listener());
    },
  };
}
