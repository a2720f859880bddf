import { describe, expect, it } from "vitest";
import { routeList } from "../../../contract/index.ts";
import { API_BASE } from "../../../server/app.ts";
import { apiRoutes, type Handlers, type RouteHandler } from "../../../server/platform/http/api.ts";

const noGuard = async (_c: unknown, next: () => Promise<void>) => next();
const stub: RouteHandler<"health"> = { success: "success.ok", handle: () => ({ database: "pglite" }) };
const liveNames = routeList.filter((route) => route.status === "live").map((route) => route.name);
const handlersFor = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, stub])) as unknown as Handlers;

describe("apiRoutes", () => {
  it("mounts the table with one handler per live route", () => {
    const api = apiRoutes({ handlers: handlersFor(liveNames), requireSession: noGuard, base: API_BASE });
    const paths = new Set(api.routes.map((route) => route.path));
    for (const route of routeList) expect(paths, route.path).toContain(route.path);
  });

  it("refuses to start with a live route unhandled, or a handler for a route that is not live", () => {
    expect(() => apiRoutes({ handlers: handlersFor(liveNames.filter((name) => name !== "login")), requireSession: noGuard, base: API_BASE })).toThrow(
      "no handler for the live route login",
    );
    // Every route of the spec is live now: a handler the table does not list is refused the same way.
    expect(() => apiRoutes({ handlers: handlersFor([...liveNames, "noSuchRoute"]), requireSession: noGuard, base: API_BASE })).toThrow(/noSuchRoute/);
  });
});
