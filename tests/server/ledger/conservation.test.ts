// Conservation over HTTP: 10,000 random transfers (CONSERVATION_TRANSFERS) from 50 concurrent
// connections against real server processes — one over PGlite, or two sharing one PostgreSQL
// database when DATABASE_URL is set. Afterwards every asset sums to zero over all accounts, no user
// account is negative, the ledger's own check finds nothing, and every idempotency key produced
// exactly one transfer (or none, when refused), with repeats answering the first transfer.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createLedger } from "../../../server/modules/ledger/index.ts";
import { openDatabase, type Database } from "../../../server/platform/db/open.ts";
import { seedUser } from "../helpers/auth.ts";
import { freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";
import { serverProcess, type ServerProcess } from "./cluster.ts";

const TRANSFERS = Number(process.env.CONSERVATION_TRANSFERS ?? 10_000);
const CONNECTIONS = 50;
const ASSETS = ["BTC", "ETH", "USDT"] as const;
const USERS = 24;

type Side = { user: string } | { house: "onramp" | "fees" | "treasury" };
interface Sent {
  key: string;
  body: string;
}

let servers: ServerProcess[] = [];
let database: Database;
let cleanup: () => Promise<void>;
const users: string[] = [];
let dataDir: string | null = null;

beforeAll(async () => {
  if (postgresUrl) {
    const fresh = await freshPostgresUrl();
    // Migrate once before two processes start on the same database.
    database = await openDatabase({ databaseUrl: fresh.url });
    servers = await Promise.all([serverProcess({ DATABASE_URL: fresh.url }), serverProcess({ DATABASE_URL: fresh.url })]);
    cleanup = fresh.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), "sarraf-conservation-"));
    dataDir = dir;
    // The seed goes in first: the server process then holds the folder's lock.
    const seeding = await openDatabase({ dataDir: dir });
    for (let i = 0; i < USERS; i++) users.push((await seedUser(seeding.db)).id);
    await seeding.close();
    servers = [await serverProcess({ DATA_DIR: dir })];
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  if (postgresUrl) for (let i = 0; i < USERS; i++) users.push((await seedUser(database.db)).id);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
  await cleanup?.();
});

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe(`conservation over HTTP (${postgresUrl ? "PostgreSQL, two server processes" : "PGlite, one server process"})`, () => {
  it(`${TRANSFERS} random transfers from ${CONNECTIONS} connections conserve every asset`, async () => {
    const next = random(20_261_126);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const sent: Sent[] = [];
    const accepted = new Map<string, string>();
    let repeats = 0;
    let conflicts = 0;

    // The plan first (deterministic), then 50 workers send it.
    const plan: Sent[] = [];
    for (let i = 0; i < TRANSFERS; i++) {
      const roll = next();
      if (roll < 0.05 && plan.length > 0) {
        plan.push(pick(plan)); // the same key, the same body: a retry
        continue;
      }
      const asset = pick(ASSETS);
      let debit: Side;
      let credit: Side;
      if (roll < 0.25) [debit, credit] = [{ house: "onramp" }, { user: pick(users) }];
      else if (roll < 0.3) [debit, credit] = [{ user: pick(users) }, { house: pick(["fees", "treasury"] as const) }];
      else {
        debit = { user: pick(users) };
        do credit = { user: pick(users) };
        while (credit.user === debit.user);
      }
      const amount = String(1 + Math.floor(next() * 5_000));
      const key = `cons-${i}`;
      plan.push({ key, body: JSON.stringify({ key, debit, credit, asset, amount }) });
      if (roll > 0.97) {
        // The same key with another body: refused, whichever arrives first.
        plan.push({ key, body: JSON.stringify({ key, debit, credit, asset, amount: String(Number(amount) + 1) }) });
      }
    }

    let cursor = 0;
    let resent = 0;
    /**
     * As any client of an idempotent call does: a request whose connection the server closed
     * (a keep-alive connection it timed out just as the request went out, seen at load 15 on two
     * cores) is sent again under its key; the checks below prove a key never moves money twice.
     */
    const send = async (url: string, body: string): Promise<Response> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body });
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (attempt >= 3 || (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET")) throw error;
          resent++;
        }
      }
    };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, worker) => {
        const server = servers[worker % servers.length]!;
        for (;;) {
          const item = plan[cursor++];
          if (!item) return;
          const res = await send(`${server.url}/dev/ledger/transfer`, item.body);
          const answer = (await res.json()) as { id?: string; reason?: string };
          expect([200, 409], JSON.stringify(answer)).toContain(res.status);
          sent.push(item);
          if (answer.reason === "idempotencyConflict") conflicts++;
          if (res.status !== 200) continue;
          // A refusal writes nothing, so a retry after the funds arrived may succeed; once a key made
          // a transfer, every answer under it is that transfer.
          const first = accepted.get(item.key);
          if (first === undefined) accepted.set(item.key, answer.id!);
          else {
            repeats++;
            expect(answer.id).toBe(first);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `conservation: ${sent.length} requests (${repeats} repeats answered the first transfer, ${conflicts} key conflicts refused, ${resent} sent again after a closed connection) in ${seconds.toFixed(1)} s = ${Math.round(sent.length / seconds)}/s over ${servers.length} process(es)`,
    );

    // PGlite: the server process holds the folder; the check opens it once the server has stopped.
    if (dataDir) {
      await servers[0]!.stop();
      database = await openDatabase({ dataDir });
    }
    const db = database.db;
    const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    // Every asset sums to zero over all accounts.
    const sums = await rows(sql`SELECT asset, (sum(credits_posted) - sum(debits_posted))::text AS net FROM ledger_accounts GROUP BY asset`);
    for (const row of sums) expect(row.net, String(row.asset)).toBe("0");
    // No user account is negative.
    expect(await rows(sql`SELECT id FROM ledger_accounts WHERE code = 'user' AND credits_posted < debits_posted + debits_pending`)).toEqual([]);
    // Each key made at most one transfer, and exactly one where the first answer was a transfer.
    const byKey = await rows(
      sql`SELECT idempotency_key AS key, count(*)::int AS n, min(id::text) AS id FROM ledger_transfers WHERE idempotency_key LIKE 'cons-%' GROUP BY idempotency_key`,
    );
    const made = new Map(byKey.map((row) => [row.key as string, row]));
    for (const row of byKey) expect(row.n, String(row.key)).toBe(1);
    let credited = 0;
    for (const { key } of plan) {
      const id = accepted.get(key);
      expect(made.get(key)?.id, key).toBe(id);
      if (id) credited++;
    }
    expect(credited).toBeGreaterThan(TRANSFERS / 3);
    expect(byKey.length).toBe(accepted.size);
    expect(await createLedger(db).check()).toMatchObject({ unbalancedAssets: [], driftedAccounts: [], negativeAccounts: [] });
  }, 600_000);
});
