import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { routeList, type LiveRouteName, type RouteDef } from "../../../contract/index.ts";
import { API_BASE } from "../../../server/app.ts";
import { envWith } from "../../../server/env.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { seedSession, seedUser } from "../helpers/auth.ts";
import { changedTables, tableFingerprinter } from "../helpers/fingerprint.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";
import { anyJson, brokenBody, oddFields, validBodies } from "./arbitraries.ts";
import { deepBodies, hugeBodies, rawBodies, type Raw } from "./raw-bodies.ts";

// Every endpoint the server mounts under /api/v1, against the real database, with generated
// requests: valid bodies, broken ones, any JSON, odd Unicode, bodies near and over the size
// limit, deep nesting, and what is not JSON at all; with a session, without, or with a bogus one.
// Whatever is sent: no 5xx; every refusal is the JSON error envelope; and a refusal changes no
// row (a judged guess, such as a wrong password, only counts in the guess and code tables).

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const LIMIT = envWith({}).BODY_LIMIT_BYTES;
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);
/** Where a judged guess is recorded (attempts, a code's wrong tries, a used social code). */
const GUESS_TABLES = new Set(["auth_attempts", "email_codes", "social_login_codes"]);
/** Refusals that judged the request rather than its shape: they may record the guess. */
const JUDGED = new Set([
  "invalidCredentials",
  "codeInvalid",
  "codeExpired",
  "currentPasswordWrong",
  "codeRequired",
  "rateLimited",
  "emailNotVerified",
  "socialCodeInvalid",
]);
/** Routes whose valid bodies cost a scrypt hash each: fewer of those, to keep the run short. */
const HASHING = new Set<string>(["signup", "login", "changePassword"]);

interface Endpoint {
  method: string;
  path: string;
  route?: RouteDef & { name: string };
}

type Auth = "none" | "session" | "bogus" | "basic";
type Body = { json: unknown } | Raw;
interface Generated {
  body?: Body;
  auth: Auth;
  lang?: string;
}

/** The requests to send to one endpoint: `valid` bodies for its route, or every kind of wrong. */
function requestsFor(endpoint: Endpoint, kind: "valid" | "wrong"): fc.Arbitrary<Generated> {
  const auth = fc.constantFrom<Auth>("none", "session", "session", "bogus", "basic");
  const lang = fc.constantFrom(undefined, "en", "ar", "ar-EG,ar;q=0.9", "fr");
  if (!BODY_METHODS.has(endpoint.method)) return fc.record({ auth, lang }, { requiredKeys: ["auth"] });
  const name = endpoint.route?.status === "live" ? (endpoint.route.name as LiveRouteName) : undefined;
  const valid: fc.Arbitrary<unknown> = name ? validBodies[name] : fc.constant({});
  if (kind === "valid")
    return fc.record({ body: valid.map((json) => ({ json })), auth: name && endpoint.route?.auth === "session" ? fc.constant<Auth>("session") : auth, lang });
  const fields = endpoint.route ? Object.keys((endpoint.route.request as { shape?: object }).shape ?? {}) : [];
  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 4, arbitrary: brokenBody(valid).map((json) => ({ json })) },
    { weight: 2, arbitrary: anyJson.map((json) => ({ json })) },
    { weight: 2, arbitrary: oddFields(fields).map((json) => ({ json })) },
    { weight: 2, arbitrary: rawBodies },
    { weight: 1, arbitrary: hugeBodies(fields, LIMIT) },
    { weight: 1, arbitrary: deepBodies(fields, LIMIT) },
  );
  return fc.record({ body: fc.option(body, { freq: 12, nil: undefined }), auth, lang });
}

describe("every endpoint under generated requests", () => {
  it("never answers 5xx, refuses in the error envelope, and a refusal changes no row", { timeout: 240_000 }, async () => {
    const started = performance.now();
    const user = await seedUser(database.db, { fullName: "Property Trader", now: clock.now() });
    let token = await seedSession(database.db, user, clock.now());
    const fingerprinter = await tableFingerprinter(database);
    expect(fingerprinter.tables).toEqual(expect.arrayContaining(["users", "sessions", "email_codes", "auth_attempts", "outbox", "push_subscriptions"]));
    const fingerprint = fingerprinter.take;

    const endpoints = new Map<string, Endpoint>();
    const byPath = new Map(routeList.map((route) => [API_BASE + route.path, route]));
    for (const { method, path } of t.app.routes) {
      if (method === "ALL" || !path.startsWith(`${API_BASE}/`) || /[*:]/.test(path)) continue;
      endpoints.set(`${method} ${path}`, { method, path, route: byPath.get(path) });
    }
    // The table's every route and method, and the OpenAPI document.
    expect(endpoints.size).toBe(routeList.reduce((n, route) => n + route.methods.length, 0) + 1);

    let sent = 0;
    let notBuilt = 0;
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    let print = await fingerprint();

    const send = async (endpoint: Endpoint, request: Generated) => {
      const headers: Record<string, string> = {};
      let body: string | Uint8Array<ArrayBuffer> | undefined;
      if (request.body && "json" in request.body) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(request.body.json) ?? "null";
      } else if (request.body) {
        if (request.body.contentType) headers["Content-Type"] = request.body.contentType;
        body = request.body.body;
      }
      if (request.auth === "session") headers.Authorization = `Bearer ${token}`;
      if (request.auth === "bogus") headers.Authorization = "Bearer dGhpcyBpcyBub3QgYSByZWFsIHNlc3Npb24gdG9rZW4xMjM";
      if (request.auth === "basic") headers.Authorization = "Basic dXNlcjpwYXNz";
      if (request.lang) headers["Accept-Language"] = request.lang;
      const what = `${endpoint.method} ${endpoint.path} (${request.body && "kind" in request.body ? request.body.kind : "JSON"}, auth ${request.auth})`;

      // The app is contract-checked (helpers/contract.ts): a success whose data breaks the
      // response schema, or a refusal the route does not document, throws here.
      const res = await t.app.request(endpoint.path, { method: endpoint.method, headers, body });
      await t.mail.idle();
      sent++;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const after = await fingerprint();
      const before = print;
      print = after;
      // A planned route answers 501 by design (the table says so); any other 5xx is a fault.
      if (res.status === 501 && endpoint.route?.status === "planned") notBuilt++;
      else if (res.status >= 500) return void problems.push(`${what}: ${res.status}`);
      if (res.status < 300) {
        // A logout ends the session the next requests use.
        if (endpoint.route?.name === "logout" && request.auth === "session") {
          token = await seedSession(database.db, user, clock.now());
          print = await fingerprint();
        }
        return;
      }
      expect(res.headers.get("Content-Type"), what).toMatch(/^application\/json/);
      const answer = (await res.json()) as { status?: unknown; message?: unknown; data?: unknown };
      if (answer.status !== "error" || typeof answer.message !== "string" || answer.message.trim() === "") problems.push(`${what}: not the error envelope`);
      const reason = (answer.data as { reason?: unknown } | undefined)?.reason;
      const allowed = typeof reason === "string" && JUDGED.has(reason) ? GUESS_TABLES : new Set<string>();
      const changed = changedTables(before, after).filter((table) => !allowed.has(table));
      if (changed.length > 0) problems.push(`${what}: ${res.status} ${String(reason ?? "")} changed ${changed.join(", ")}`);
    };

    for (const endpoint of endpoints.values()) {
      const live = endpoint.route?.status === "live";
      const name = endpoint.route?.name ?? "";
      const runs = { valid: !live ? 0 : HASHING.has(name) ? 6 : 30, wrong: live ? 100 : 25 };
      for (const kind of ["valid", "wrong"] as const) {
        if (runs[kind] === 0) continue;
        await fc.assert(
          fc.asyncProperty(requestsFor(endpoint, kind), async (request) => {
            const before = problems.length;
            await send(endpoint, request);
            if (problems.length > before) throw new Error(problems.slice(before).join("\n"));
          }),
          { numRuns: runs[kind], endOnFailure: true },
        );
      }
    }

    const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((n, [, count]) => n + count, 0) - notBuilt;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `property test: ${sent} requests to ${endpoints.size} endpoints in ${seconds} s on ${database.kind}; ${fiveHundreds} answered 5xx (besides ${notBuilt} 501s of planned routes); statuses ${[
        ...statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}×${count}`)
        .join(" ")}`,
    );
    expect(problems).toEqual([]);
    // The fingerprint does see writes: a profile change shows in users, and only there.
    const before = await fingerprint();
    expect((await t.post("/user/update-profile", { token, body: { fullName: "Fingerprinted" } })).status).toBe(200);
    expect(changedTables(before, await fingerprint())).toEqual(["users"]);
    expect(fiveHundreds).toBe(0);
    // The generators reached past validation: successes and refusals of every kind happened.
    expect(statuses.get(200)).toBeGreaterThan(100);
    for (const status of [400, 401, 413, 415]) expect(statuses.get(status), String(status)).toBeGreaterThan(0);
  });
});
