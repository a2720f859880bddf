import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { reasonStatus, routeList, type Reason } from "../../../contract/index.ts";

// The route table is what a handler may refuse with (refuse.ts types it) and what the SPA maps.
// These check what the types cannot: that the table agrees with itself, and that no module
// answers a failure by another way than refuse().

const live = routeList.filter((route) => route.status === "live");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sourcesUnder(path) : entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("the route table's failures", () => {
  it("give each reason its one status, wherever it is documented", () => {
    const disagreeing = routeList.flatMap((route) =>
      route.failures.flatMap((failure) =>
        failure.reason && failure.status !== reasonStatus[failure.reason] ? [`${route.name}: ${failure.reason} ${failure.status}`] : [],
      ),
    );
    expect(disagreeing).toEqual([]);
  });

  it("document every reason the contract declares, so none is mapped that no route sends", () => {
    const documented = new Set(routeList.flatMap((route) => route.failures.flatMap((failure) => (failure.reason ? [failure.reason] : []))));
    expect(Object.keys(reasonStatus).filter((reason) => !documented.has(reason as Reason))).toEqual([]);
  });

  it("list each failure of a route once", () => {
    const repeated = routeList.flatMap((route) => {
      const keys = route.failures.map((failure) => failure.reason ?? String(failure.status));
      return keys.filter((key, i) => keys.indexOf(key) !== i).map((key) => `${route.name}: ${key}`);
    });
    expect(repeated).toEqual([]);
  });

  it("document the session guard's 401 on exactly the routes behind it", () => {
    const wrong = live.filter((route) => (route.auth === "session") !== route.failures.some((failure) => failure.status === 401 && !failure.reason));
    expect(wrong.map((route) => route.name)).toEqual([]);
  });

  it("document a 400 on every live route whose body can be refused (the platform's validation step)", () => {
    const refusable = live.filter((route) => !route.request.safeParse("not an object").success);
    const undocumented = refusable.filter((route) => !route.failures.some((failure) => failure.status === 400));
    expect(undocumented.map((route) => route.name)).toEqual([]);
  });
});

describe("the server's modules", () => {
  const root = join(import.meta.dirname, "../../..");
  const modules = sourcesUnder(join(root, "server/modules")).map((path) => ({ path: relative(root, path), text: readFileSync(path, "utf8") }));

  it("refuse only through refuse(route, …), never by making an ApiError", () => {
    expect(modules.filter(({ text }) => /new ApiError\(/.test(text)).map(({ path }) => path)).toEqual([]);
  });

  it("leave the route-free refusal to the session guard, whose 401 every session route documents", () => {
    const users = modules.filter(({ text }) => /\brefusal\(/.test(text)).map(({ path }) => path);
    expect(users).toEqual(["server/modules/auth/require-auth.ts"]);
  });
});
