import type { RoutesWithReason } from "../../../contract/index.ts";
import type { ApiError } from "../../platform/http/envelope.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { seconds } from "./limits.ts";

/** 429 with the wait in the body (for the SPA) and in Retry-After (for everything else), from a route that documents it. */
export function rateLimited(route: RoutesWithReason<"rateLimited">, waitMs: number): ApiError {
  return refuse(route, "rateLimited", { retryAfter: seconds(waitMs) });
}

/**
 * Given the newest events of a window (newest first, fetched from offset limit - 1), how long
 * until one more is allowed: the event `limit` places back must first leave the window.
 */
export function waitForWindow(nthNewest: Date | undefined, windowMs: number, now: Date): number {
  return nthNewest ? Math.max(0, nthNewest.getTime() + windowMs - now.getTime()) : 0;
}
