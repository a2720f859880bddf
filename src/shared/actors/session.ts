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
  /**
   * Stopped when the session ends; the returned function lets go of it earlier (the page unmounted).
   * An actor adopted while the stored token is one whose session has ended (a page rendered again
   * while the logout call was under way) is stopped at once: it never polls for that session.
   */
  adopt(actor: AnyActorRef): () => void;
  /** Stops every actor adopted so far; `token` (the session's, when it had one) has ended here. */
  end(token?: string | null): void;
  /** True once `token`'s session has ended here: nothing but its logout may be sent with it. */
  hasEnded(token: string): boolean;
}

/** `storedToken` reads the token this browser holds now (another tab may have replaced it). */
export function createSessionScope(storedToken: () => string | null = () => null): SessionScope {
  const actors = new Set<AnyActorRef>();
  const ended = new Set<string>();
  return {
    adopt(actor) {
      const token = storedToken();
      if (token !== null && ended.has(token)) {
        actor.stop();
        return () => {};
      }
      actors.add(actor);
      return () => void actors.delete(actor);
    },
    end(token) {
      if (token) ended.add(token);
      const ending = [...actors];
      actors.clear();
      for (const actor of ending) actor.stop();
    },
    hasEnded: (token) => ended.has(token),
  };
}
