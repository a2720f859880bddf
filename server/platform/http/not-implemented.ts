import { Hono } from "hono";
import { failure } from "./envelope.ts";
import type { AppEnv } from "./types.ts";
import { SPEC_PATHS } from "./spec-paths.ts";

/**
 * Spec paths that no route group serves yet answer 501, so a client learns "not yet" rather
 * than "no such call". Mount this after the real groups: the first matching route wins.
 */
export function notImplementedRoutes(built: ReadonlySet<string>) {
  const routes = new Hono<AppEnv>();
  for (const path of SPEC_PATHS) {
    if (!built.has(path)) routes.post(path, (c) => failure(c, 501, "error.notImplemented"));
  }
  return routes;
}
