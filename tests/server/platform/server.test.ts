import { request } from "node:http";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "../helpers/data-dir.ts";
import { LOCK_FILE } from "../../../server/platform/db/lock.ts";
import { envWith } from "../../../server/env.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { startServer, type RunningServer } from "../../../server/server.ts";
import { expectedKind, freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";

let dataDir: string;
let dropDatabase = async () => {};
let databaseEnv: Record<string, string>;
beforeAll(async () => {
  dataDir = migratedDataDir("sarraf-server-");
  if (postgresUrl) {
    const fresh = await freshPostgresUrl();
    dropDatabase = fresh.drop;
    databaseEnv = { DATABASE_URL: fresh.url };
  } else {
    databaseEnv = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}) {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("debug", (line) => logs.push(JSON.parse(line)));
  const env = envWith({ PORT: "0", STATIC_DIR: join(dataDir, "no-dist"), ...databaseEnv, ...extra });
  return { server: await startServer({ env, logger }), logs };
}

/** A POST whose body is sent in two halves, so the test decides when the request is complete. */
function slowPost(server: RunningServer, path: string) {
  const body = JSON.stringify({ pad: "x".repeat(64) });
  const req = request({
    port: server.port,
    host: "127.0.0.1",
    method: "POST",
    path,
    agent: false,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
  });
  req.write(body.slice(0, 10));
  return { response, finish: () => req.end(body.slice(10)) };
}

/** Until the server has read the request's headers: a shutdown must then wait for it (a fixed pause is not enough on a busy machine). */
async function received(server: RunningServer) {
  await expect.poll(() => server.inFlight(), { timeout: 60_000, interval: 10 }).toBe(1);
}

const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);

describe("startServer", () => {
  it("listens on a real port, names its database, and enforces the body limit from Content-Length", async () => {
    const { server, logs } = await start({ BODY_LIMIT_BYTES: "100" });
    try {
      expect(logs.find((l) => l.msg === "started")).toMatchObject({ url: server.url, database: expectedKind });
      const health = await (await fetch(`${server.url}/api/v1/health`)).json();
      expect(health.data.database).toBe(expectedKind);
      const big = await fetch(`${server.url}/api/v1/health`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "ar" },
        body: JSON.stringify({ pad: "x".repeat(200) }),
      });
      expect(big.status).toBe(413);
      expect((await big.json()).message).toBe("محتوى الطلب كبير جدًا.");
      // A body streamed in chunks (no Content-Length) is counted as it arrives.
      const chunked = (chunks: string[]) =>
        new Promise<number>((resolve, reject) => {
          const url = new URL(`${server.url}/api/v1/health`);
          const req = request(
            { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/json" } },
            (res) => {
              res.resume();
              resolve(res.statusCode!);
            },
          );
          req.on("error", reject);
          for (const chunk of chunks) req.write(chunk);
          req.end();
        });
      expect(await chunked(['{"pad":"', "x".repeat(60), "x".repeat(60), '"}'])).toBe(413);
      expect(await chunked(["{", "}"])).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);

  it("shuts down gracefully: finishes in-flight requests, refuses new ones, releases the database", async () => {
    const { server } = await start();
    const inFlight = slowPost(server, "/api/v1/health");
    await received(server);
    const closing = server.close();
    expect(await settled(closing)).toBe(false);
    inFlight.finish();
    expect((await inFlight.response).status).toBe(200);
    await closing;
    await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
    if (!postgresUrl) expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  }, 120_000);

  it("stops waiting for a stuck request after SHUTDOWN_TIMEOUT_MS", async () => {
    const { server, logs } = await start({ SHUTDOWN_TIMEOUT_MS: "200" });
    const stuck = slowPost(server, "/api/v1/health");
    stuck.response.catch(() => {}); // the socket is cut: that is the point
    await received(server);
    await server.close();
    expect(logs.some((l) => l.msg === "shutdown.timeout")).toBe(true);
  }, 120_000);
});
