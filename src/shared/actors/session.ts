import type { AnyActorRef } from "xstate";

/**
 * The actors of one signed-in session that live outside the auth machine: each page's feeds
 * (dashboard, market, portfolio), the favourites, the history, a pending buy's polling. Auth's
 * own children (the inactivity watch, the push token, the account) end with its `authenticated`
 * state; these end here. Every sign-out (logout, idle, a 401, another tab, a new sign-in as
 * someone else) calls `end` before it navigates, so nothing of the old session acts after it:
 * no poll fires, and no answer reaches a view.
 */
export interface SessionScope {
  /** Stopped when the session ends; the returned function lets go of it earlier (the page unmounted). */
  adopt(actor: AnyActorRef): () => void;
  /** Stops every actor adopted so far. */
  end(): void;
}

export function createSessionScope(): SessionScope {
  const actors = new Set<AnyActorRef>();
  return {
    adopt(actor) {
      actors.add(actor);
      return () => void actors.delete(actor);
    },
    end() {
      const ending = [...actors];
      actors.clear();
      for (const actor of ending) actor.stop();
    },
  };
}
