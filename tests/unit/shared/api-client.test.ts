import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../../src/shared/api/client.ts";
import { ApiError } from "../../../src/shared/api/errors.ts";

// A real HTTP server on loopback: the client is tested over the wire, not against a mocked fetch.
interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
  body: string;
}
let seen: Seen;
let server: Server;
let base: string;

function reply(path: string): { status: number; body: string; type?: string } {
  const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value) });
  switch (path) {
    case "/api/v1/ok":
      return json(200, { status: "success", message: "Done", data: { n: 1 } });
    case "/api/v1/user/logout":
      return json(200, { status: "success", message: "You have logged out.", data: null });
    case "/api/v1/ok-without-status":
      return json(200, { message: "Plain", data: [1, 2] });
    case "/api/v1/created-success":
      return json(201, { status: "success", message: "Created", data: null });
    case "/api/v1/unauthorized":
      return json(401, { status: "error", message: "Session expired" });
    case "/api/v1/bad-with-data":
      return json(400, { status: "error", message: "Invalid e-mail", data: { field: "email" } });
    case "/api/v1/html-502":
      return { status: 502, body: "<html>Bad gateway</html>", type: "text/html" };
    case "/api/v1/teapot":
      return json(418, { status: "error", message: "Short and stout" });
    default: {
      const status = Number(path.split("/").pop());
      return json(status, { status: "error", message: `Server says ${status}` });
    }
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      seen = { method: request.method, url: request.url, headers: request.headers, body };
      const answer = reply(request.url ?? "");
      response.writeHead(answer.status, { "content-type": answer.type ?? "application/json" });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let token: string | null;
let locale: string;
const onUnauthorized = vi.fn();
beforeEach(() => {
  token = "secret-token";
  locale = "ar";
  onUnauthorized.mockReset();
});

const client = () => createApiClient({ baseURL: base, getToken: () => token, getLocale: () => locale, onUnauthorized });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("API client over HTTP", () => {
  it("POSTs JSON under the base with the bearer token and language", async () => {
    const result = await client().post("/ok", { a: 1 });
    expect(result).toEqual({ status: "success", message: "Done", data: { n: 1 } });
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe("/api/v1/ok");
    expect(seen.headers.authorization).toBe("Bearer secret-token");
    expect(seen.headers["accept-language"]).toBe("ar");
    expect(seen.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(seen.body)).toEqual({ a: 1 });
  });

  it("sends no Authorization header without a stored token", async () => {
    token = null;
    await client().post("/ok");
    expect(seen.headers.authorization).toBeUndefined();
  });

  it("returns the body when HTTP is 200 even without a success status", async () => {
    expect(await client().post("/ok-without-status")).toEqual({ message: "Plain", data: [1, 2] });
  });

  it("returns the body when the status field is success on another 2xx", async () => {
    expect((await client().post("/created-success")).message).toBe("Created");
  });

  it("has a PUT helper", async () => {
    await client().put("/ok", { b: 2 });
    expect(seen.method).toBe("PUT");
    expect(JSON.parse(seen.body)).toEqual({ b: 2 });
  });

  it("on 401 calls the unauthorized hook and raises the server message", async () => {
    const error = await failure(client().post("/unauthorized"));
    expect(error.code).toBe("unauthorized");
    expect(error.message).toBe("Session expired");
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it("on 401 to a call sent without a token raises the error but leaves the session rule alone", async () => {
    token = null;
    const error = await failure(client().post("/unauthorized"));
    expect(error.code).toBe("unauthorized");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([
    [400, "badRequest"],
    [403, "forbidden"],
    [500, "serverError"],
    [501, "notImplemented"],
    [502, "badGateway"],
    [503, "unavailable"],
  ] as const)("raises the server message on %i as %s", async (status, code) => {
    const error = await failure(client().post(`/status/${status}`));
    expect(error).toMatchObject({ code, status, message: `Server says ${status}` });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("raises message and data together when the response carries data", async () => {
    const error = await failure(client().post("/bad-with-data"));
    expect(error).toMatchObject({ code: "badRequest", message: "Invalid e-mail", data: { field: "email" } });
  });

  it("falls back to the error text when the body has no message", async () => {
    const error = await failure(client().post("/html-502"));
    expect(error.code).toBe("badGateway");
    expect(error.message).toBe("502 Bad Gateway");
  });

  it("types other statuses as unexpected", async () => {
    expect((await failure(client().post("/teapot"))).code).toBe("unexpected");
  });

  it("types an unreachable server as a network error", async () => {
    const offline = createApiClient({ baseURL: "http://127.0.0.1:9/api/v1", getToken: () => null, getLocale: () => "en", onUnauthorized });
    const error = await failure(offline.post("/ok"));
    expect(error.code).toBe("network");
    expect(error.message.length).toBeGreaterThan(0);
  });
});

describe("an answer for a session that has ended here", () => {
  /**
   * A client whose stored token is `sent` when the call goes out and `now` from then on (a
   * sign-out, or a sign-in as someone else, while the call was in flight); `read` resolves once
   * the client has looked at the token again, which it does when the answer is in.
   */
  function switchedWhileInFlight(now: string | null) {
    let reads = 0;
    let answered!: () => void;
    const read = new Promise<void>((resolve) => (answered = resolve));
    const switched = createApiClient({
      baseURL: base,
      getToken: () => {
        if (reads++ === 0) return "old-token";
        answered();
        return now;
      },
      getLocale: () => "en",
      onUnauthorized,
    });
    return { switched, read };
  }

  /** Whether the promise settled by the time the client has acted on its answer (and a few turns more). */
  async function settled(promise: Promise<unknown>, read: Promise<void>): Promise<boolean> {
    let done = false;
    promise.then(
      () => (done = true),
      () => (done = true),
    );
    await read;
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    return done;
  }

  it.each([
    ["a sign-out", null],
    ["a sign-in as someone else", "new-token"],
  ])("after %s, a 401 neither triggers the 401 rule nor raises an error", async (_, now) => {
    const { switched, read } = switchedWhileInFlight(now);
    expect(await settled(switched.post("/unauthorized"), read)).toBe(false);
    expect(seen.headers.authorization).toBe("Bearer old-token");
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("after a sign-in as someone else, the old account's data is not delivered", async () => {
    const { switched, read } = switchedWhileInFlight("new-token");
    expect(await settled(switched.post("/ok"), read)).toBe(false);
  });

  it("after a sign-out, a server fault is not raised", async () => {
    const { switched, read } = switchedWhileInFlight(null);
    expect(await settled(switched.post("/status/500"), read)).toBe(false);
  });

  it("with the same token throughout, the answer is delivered", async () => {
    const { switched, read } = switchedWhileInFlight("old-token");
    expect(await settled(switched.post("/ok"), read)).toBe(true);
  });
});

describe("a call with the token of a session that has ended here (its logout under way)", () => {
  const ended = new Set(["ending-token"]);
  const endingClient = () =>
    createApiClient({ baseURL: base, getToken: () => token, getLocale: () => "en", onUnauthorized, sessionEnded: (t) => ended.has(t), exempt: "/user/logout" });

  /** How many requests the server sees while `run` goes on and a few turns after. */
  async function requestsDuring(run: () => Promise<unknown>): Promise<{ count: number; settled: boolean }> {
    let count = 0;
    const counting = () => count++;
    server.on("request", counting);
    let settled = false;
    run().then(
      () => (settled = true),
      () => (settled = true),
    );
    // A request that was sent has its answer in by now: the other calls prove the server is reachable.
    for (let turn = 0; turn < 50 && !settled; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
    server.off("request", counting);
    return { count, settled };
  }

  it("is never sent and never settles; its logout is sent", async () => {
    token = "ending-token";
    expect(await requestsDuring(() => endingClient().post("/ok"))).toEqual({ count: 0, settled: false });
    expect(await requestsDuring(() => endingClient().post("/user/logout"))).toEqual({ count: 1, settled: true });
    expect(seen.headers.authorization).toBe("Bearer ending-token");
  });

  it("another session's token, or none, is sent as usual", async () => {
    for (const other of ["another-token", null]) {
      token = other;
      expect(await requestsDuring(() => endingClient().post("/ok"))).toEqual({ count: 1, settled: true });
    }
  });
});
