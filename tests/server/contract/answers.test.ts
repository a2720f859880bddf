import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../../server/platform/http/types.ts";
import { checkAnswer, contractChecked, ContractViolation } from "../helpers/contract.ts";

// The check every server test's answers pass through (helpers/test-app.ts wraps the app with
// it): shown here to refuse what breaks the contract, so its silence elsewhere means something.

const json = (status: number, body: unknown, type = "application/json; charset=UTF-8") =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": type } });
const success = (data: unknown) => json(200, { status: "success", message: "Done.", data });
const error = (status: number, data?: unknown, message = "Refused.") => json(status, { status: "error", message, ...(data === undefined ? {} : { data }) });

describe("checkAnswer", () => {
  it("accepts answers the table describes", async () => {
    await checkAnswer("GET", "/api/v1/health", success({ database: "pglite" }));
    await checkAnswer("POST", "/api/v1/user/login", error(400, { reason: "invalidCredentials" }));
    await checkAnswer("POST", "/api/v1/user/login", error(400, { reason: "validation", fields: { email: "…" } }));
    await checkAnswer("POST", "/api/v1/user/logout", error(401));
    await checkAnswer("POST", "/api/v1/user/login", error(415));
    await checkAnswer("GET", "/api/v1/no/such/call", error(404));
  });

  it.each([
    ["data the response schema refuses", "GET", "/api/v1/health", success({ database: "sqlite" })],
    ["data with a field the schema does not know", "GET", "/api/v1/health", success({ database: "pglite", version: "1.2.3" })],
    [
      "a success envelope with an extra key",
      "GET",
      "/api/v1/health",
      json(200, { status: "success", message: "Done.", data: { database: "pglite" }, extra: 1 }),
    ],
    ["a success without a message", "GET", "/api/v1/health", json(200, { status: "success", message: "", data: { database: "pglite" } })],
    ["an error without a message", "POST", "/api/v1/user/login", error(400, undefined, "")],
    ["a reason the route does not document", "POST", "/api/v1/user/login", error(400, { reason: "codeExpired" })],
    ["a status the route does not document", "POST", "/api/v1/user/login", error(409, { reason: "passwordAlreadySet" })],
    ["401 on a route without a session", "POST", "/api/v1/user/login", error(401)],
    ["a body that is not JSON", "GET", "/api/v1/health", new Response("ok", { status: 200, headers: { "Content-Type": "text/plain" } })],
    ["a success on a path the table does not list", "POST", "/api/v1/no/such/call", success(null)],
  ])("refuses %s", async (_name, method, path, response) => {
    await expect(checkAnswer(method, path, response)).rejects.toBeInstanceOf(ContractViolation);
  });
});

describe("contractChecked", () => {
  it("checks what the app answers through request and fetch", async () => {
    const app = new Hono<AppEnv>().get("/api/v1/health", (c) => c.json({ status: "success", message: "Up.", data: { database: "mysql" } }));
    const checked = contractChecked(app);
    await expect(checked.request("/api/v1/health")).rejects.toThrow(/response schema refuses/);
    await expect(checked.fetch(new Request("http://localhost/api/v1/health"))).rejects.toBeInstanceOf(ContractViolation);
    // Only answers under /api are the contract's business.
    expect((await contractChecked(new Hono<AppEnv>().get("/", (c) => c.text("home"))).request("/")).status).toBe(200);
  });
});
