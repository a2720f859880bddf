// Every route that reads a body has a limit, also for a chunked body with no declared length: a
// 200 MB stream is refused 413 after a few chunks, never read whole (the audit saw RSS grow by
// ~480 MB before the 413). The stream counts what the server pulled from it: that is the bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { WEBHOOK_MAX_BYTES } from "../../../server/modules/onramp/webhook.routes.ts";
import { SANDBOX_FORM_MAX_BYTES } from "../../../server/modules/onramp/sandbox/routes.ts";
import { PAGE_BODY_MAX_BYTES } from "../../../server/platform/http/body-limit.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { onrampWorld, type OnrampWorld } from "./world.ts";

const OFFERED = 200 * 1024 * 1024;
const CHUNK = 64 * 1024;
/** Far above every limit, far below what was offered: the server stopped reading early. */
const READ_AT_MOST = 1024 * 1024;

const clock = testClock("2026-11-23T12:00:00Z");
let database: Database;
let w: OnrampWorld;

beforeAll(async () => {
  database = await openTestDatabase();
  w = onrampWorld(database, clock, { ONRAMP_SANDBOX_WEBHOOK_COPIES: "0" });
});
afterAll(async () => {
  w.stop();
  await database.close();
});

/** A streamed body (no declared length, as a chunked upload arrives) of `total` bytes, made as it is pulled (never held whole), counting what was pulled. */
function streamed(total: number, byte = 0x20) {
  const chunk = new Uint8Array(CHUNK).fill(byte);
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      const next = chunk.subarray(0, Math.min(CHUNK, total - pulled));
      pulled += next.length;
      controller.enqueue(next);
    },
  });
  return { body, pulled: () => pulled };
}

async function postStreamed(path: string, total: number, contentType: string) {
  const stream = streamed(total);
  const init = { method: "POST", body: stream.body, duplex: "half", headers: { "Content-Type": contentType } };
  const res = await w.t.app.request(path, init as RequestInit);
  return { res, pulled: stream.pulled() };
}

describe("body limits outside /api", () => {
  it("the webhook refuses a 200 MB chunked body with 413, having read no more than about its 64 KB", async () => {
    const rssBefore = process.memoryUsage().rss;
    const { res, pulled } = await postStreamed("/webhooks/onramp", OFFERED, "application/json");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ received: false });
    expect(pulled).toBeGreaterThan(WEBHOOK_MAX_BYTES);
    expect(pulled).toBeLessThan(READ_AT_MOST);
    // Generous (the heap moves for other reasons), but a whole 200 MB body would be far above it.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it("the webhook refuses a declared length over 64 KB unread, and still takes a delivery under it", async () => {
    const big = await w.t.app.request("/webhooks/onramp", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(WEBHOOK_MAX_BYTES + 1) },
      body: "{}",
    });
    expect(big.status).toBe(413);
    // Under the limit and streamed: read whole, and refused only for what it is (not a signed delivery).
    const json = new TextEncoder().encode(JSON.stringify({ protected: "a", payload: "b", signature: "c", padding: " ".repeat(1024) }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(json);
        controller.close();
      },
    });
    const init = { method: "POST", body, duplex: "half", headers: { "Content-Type": "application/json" } };
    expect((await w.t.app.request("/webhooks/onramp", init as RequestInit)).status).toBe(401);
  });

  it("the sandbox's payment forms take a few KB: a 200 MB chunked post is refused 413 early, a real form still works", async () => {
    const order = await w.ordered((await w.user()).token);
    const page = new URL(order.paymentUrl!, "http://x").pathname;
    for (const path of [page, `${page}/authenticate`, `${page}/cancel`]) {
      const { res, pulled } = await postStreamed(path, OFFERED, "application/x-www-form-urlencoded");
      expect(res.status, path).toBe(413);
      expect(pulled, path).toBeLessThan(READ_AT_MOST);
    }
    const declared = await w.t.app.request(page, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(SANDBOX_FORM_MAX_BYTES + 1) },
      body: "number=1",
    });
    expect(declared.status).toBe(413);
    expect((await w.pay(order, "4000 0000 0000 0002")).status).toBe(303);
  });

  it("any other route outside /api (the sign-in callback, dev tools) refuses a chunked body over 64 KB", async () => {
    for (const path of ["/auth/callback", "/dev/ledger/transfer", "/dev/prices/pause", "/somewhere/else"]) {
      const { res, pulled } = await postStreamed(path, OFFERED, "application/x-www-form-urlencoded");
      expect(res.status, path).toBe(413);
      expect(pulled, path).toBeGreaterThan(PAGE_BODY_MAX_BYTES);
      expect(pulled, path).toBeLessThan(READ_AT_MOST);
    }
  });
});
