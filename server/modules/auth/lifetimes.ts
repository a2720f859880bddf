/**
 * Session lifetimes. The SPA logs a user out after 15 idle minutes (spec section 9), so the
 * server's idle window is wider: it only catches tokens left behind by a closed tab.
 */
export const SESSION_DEFAULTS = { idleMinutes: 30, absoluteDays: 7 } as const;

export interface SessionLifetimes {
  idleMinutes: number;
  absoluteDays: number;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
