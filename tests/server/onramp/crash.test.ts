// Crashes while orders settle: a real server process (the sandbox provider, its clock, webhooks and
// the reconciler all running) is killed with SIGKILL three times while card buys move through
// their steps. After each restart the reconciler and the provider's retried webhooks finish the
// orders; in the end every paid order is completed and credited exactly once, the balances are the
// sums of those credits, and the ledger's invariants hold.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migratedDataDir } from "../helpers/data-dir.ts";
import { sql } from "drizzle-orm";
import type { BuyOrder } from "../../../contract/index.ts";
import { createLedger } from "../../../server/modules/ledger/index.ts";
import { openDatabase, type Database } from "../../../server/platform/db/open.ts";
import { seedSession, seedUser } from "../helpers/auth.ts";
import { freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";
import { serverProcess, type ServerProcess } from "../ledger/cluster.ts";

const KILLS = 3;
const ORDERS_PER_ROUND = 8;
const settings = { ONRAMP_SANDBOX_STEP_MS: "150", ONRAMP_RECONCILE_SECONDS: "1", PRICE_POLL_MS: "60000" };

let cleanup: (() => Promise<void>) | null = null;
afterAll(async () => cleanup?.());

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe(`kill -9 while settling (${postgresUrl ? "PostgreSQL" : "PGlite"})`, () => {
  it(`${KILLS} crashes: every paid order completes and is credited exactly once`, async () => {
    let location: Record<string, string>;
    let open: () => Promise<Database>;
    if (postgresUrl) {
      const fresh = await freshPostgresUrl(inject("postgresTemplate"));
      location = { DATABASE_URL: fresh.url };
      open = () => openDatabase({ databaseUrl: fresh.url });
      cleanup = fresh.drop;
    } else {
      const dir = migratedDataDir("sarraf-crash-");
      location = { DATA_DIR: dir };
      open = () => openDatabase({ dataDir: dir });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    // Buyers and their sessions, written before any server holds the database.
    const seeding = await open();
    const buyers: { id: string; token: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await seedUser(seeding.db);
      buyers.push({ id: user.id, token: await seedSession(seeding.db, user, new Date()) });
    }
    await seeding.close();

    const orders: { id: string; buyer: string }[] = [];
    let unsettled = 0;
    let behind = 0;
    let server: ServerProcess = await serverProcess({ ...location, ...settings });
    const api = async (path: string, token: string, body: unknown) => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    };

    for (let round = 0; round < KILLS; round++) {
      // A round of buys, each paid with the success card at once…
      for (let i = 0; i < ORDERS_PER_ROUND; i++) {
        const buyer = buyers[(round + i) % buyers.length]!;
        const made = await api("/user/swipelux/sendOrder", buyer.token, {
          asset: "BTC",
          currency: "USD",
          amount: String(20 + i),
          idempotencyKey: `crash-${round}-${i}`,
        });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        const order = made.body.data as BuyOrder;
        orders.push({ id: order.id, buyer: buyer.id });
        const paid = await fetch(`${server.url}${new URL(order.paymentUrl!, server.url).pathname}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ number: "4242424242424242", expiry: "12/30", cvc: "123" }),
          redirect: "manual",
        });
        expect(paid.status).toBe(303);
      }
      // …then the process dies while they move through paid → processing → completed and settle.
      await sleep(150 + Math.floor(Math.random() * 300));
      await server.kill();
      // What the crash left: orders the provider has moved on from but Sarraf has not settled yet.
      const after = await open();
      const [left] = (
        (await after.db.execute(
          sql`SELECT count(*) FILTER (WHERE o.status IN ('pending', 'processing'))::int AS open, count(*) FILTER (WHERE s.status = 'completed' AND o.status <> 'completed')::int AS behind FROM onramp_orders o JOIN onramp_sandbox_orders s ON s.external_id = o.id::text`,
        )) as unknown as { rows: { open: number; behind: number }[] }
      ).rows;
      await after.close();
      unsettled += left!.open;
      behind += left!.behind;
      server = await serverProcess({ ...location, ...settings });
    }

    // After the last restart: the reconciler and the retried webhooks finish every order.
    const deadline = Date.now() + 90_000;
    for (const order of orders) {
      const buyer = buyers.find((candidate) => candidate.id === order.buyer)!;
      for (;;) {
        const answer = await api("/user/swipelux/status", buyer.token, { orderId: order.id });
        if ((answer.body.data as BuyOrder).status === "completed") break;
        expect((answer.body.data as BuyOrder).status).toMatch(/^(pending|processing)$/);
        expect(Date.now()).toBeLessThan(deadline);
        await sleep(200);
      }
    }
    await server.stop();

    const database = await open();
    try {
      const rows = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const perOrder = await rows(
        sql`SELECT reference, count(*)::int AS n FROM ledger_transfers WHERE code IN ('onramp.buy', 'onramp.fee') GROUP BY reference`,
      );
      expect(perOrder).toHaveLength(orders.length);
      for (const row of perOrder) expect(row.n, String(row.reference)).toBe(2);
      const ledger = createLedger(database.db);
      for (const buyer of buyers) {
        const [sum] = await rows(
          sql`SELECT coalesce(sum(t.amount), 0)::text AS total FROM ledger_transfers t JOIN onramp_orders o ON o.id::text = t.reference WHERE t.code = 'onramp.buy' AND o.user_id = ${buyer.id}`,
        );
        const balance = (await ledger.balances(buyer.id)).find((row) => row.asset === "BTC")?.balance ?? 0n;
        expect(balance.toString()).toBe(sum!.total);
      }
      expect(await ledger.check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
      console.log(
        `crash: ${KILLS} kills left ${unsettled} orders under way (${behind} already completed at the provider, not yet credited); all ${orders.length} completed and credited once`,
      );
      expect(unsettled).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 300_000);
});
