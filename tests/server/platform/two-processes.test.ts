import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { CODES } from "../../../server/modules/auth/limits.ts";
import { REVOCATIONS_CHANNEL, SESSION_CACHE } from "../../../server/modules/auth/session-cache.ts";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { runServerProcess, type ServerProcess } from "../helpers/server-process.ts";
import { freshPostgresUrl, postgresUrl } from "../helpers/test-db.ts";

// Two server processes (the real entry, each on its own port) on one PostgreSQL database: what one
// process does in memory must hold in the other (docs/deploy.md "PostgreSQL").
async function post(base: string, path: string, { token, body = {} }: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

describe.skipIf(!postgresUrl)("two server processes on one PostgreSQL (skipped on PGlite: one process per data folder)", () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let folder: string;
  const processes: ServerProcess[] = [];
  let a: string;
  let b: string;

  beforeAll(async () => {
    ({ url: databaseUrl, drop } = await freshPostgresUrl());
    folder = mkdtempSync(join(tmpdir(), "sarraf-two-processes-"));
    const env = { DATABASE_URL: databaseUrl, STATIC_DIR: join(folder, "dist"), DATA_DIR: folder, HOST: "127.0.0.1" };
    processes.push(runServerProcess(env), runServerProcess(env));
    const urls = await Promise.all(processes.map(async (server) => (await server.until((line) => line.msg === "started"))[0]!.url!));
    [a, b] = [urls[0]!, urls[1]!];
  }, 120_000);

  afterAll(async () => {
    for (const server of processes) server.child.kill("SIGTERM");
    await Promise.all(processes.map((server) => server.exited));
    rmSync(folder, { recursive: true, force: true });
    await drop();
  }, 60_000);

  it("a sign-out in one is refused by the other once its notice arrives, before the other's cached session would have expired", async () => {
    const database = await openDatabase({ databaseUrl });
    const listener = new pg.Client({ connectionString: databaseUrl });
    try {
      const user = await createUser(database.db, { email: "two.processes@example.com", fullName: "Two Processes", emailVerifiedAt: new Date() });
      const { token } = await createSession(database.db, user.id);
      await listener.connect();
      await listener.query(`LISTEN ${REVOCATIONS_CHANNEL}`);
      const heard = new Promise<void>((done) => listener.once("notification", () => done()));

      expect(await post(a, "/user/get-profile-by-id", { token })).toBe(200);
      // B verifies the session now and caches it for SESSION_CACHE.ttlMs from this moment at the earliest.
      const cachedFrom = performance.now();
      expect(await post(b, "/user/get-profile-by-id", { token })).toBe(200);

      expect(await post(a, "/user/logout", { token })).toBe(200);
      await heard;
      let refusedAt = 0;
      while (!refusedAt) {
        const status = await post(b, "/user/get-profile-by-id", { token });
        if (status === 401) refusedAt = performance.now();
        else expect(status).toBe(200);
      }
      // Had B not heard the notice, it would answer from its cache until the entry expired.
      expect(refusedAt - cachedFrom).toBeLessThan(SESSION_CACHE.ttlMs);
      expect(await post(a, "/user/get-profile-by-id", { token })).toBe(401);
    } finally {
      await listener.end();
      await database.close();
    }
  }, 60_000);

  it(`e-mailed codes from one address are counted across both: exactly ${CODES.perAddressPerWindow} of ${CODES.perAddressPerWindow + 10} concurrent asks succeed`, async () => {
    const asks = CODES.perAddressPerWindow + 10;
    // Every ask comes from 127.0.0.1 for another e-mail: only the per-address budget binds.
    const statuses = await Promise.all(
      Array.from({ length: asks }, (_, index) => post(index % 2 ? a : b, "/user/sendotp", { body: { email: `budget.${index}@example.com` } })),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(CODES.perAddressPerWindow);
    expect(statuses.filter((status) => status === 429)).toHaveLength(asks - CODES.perAddressPerWindow);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM email_codes WHERE email LIKE 'budget.%'");
      expect(Number(rows[0]!.count)).toBe(CODES.perAddressPerWindow);
    } finally {
      await client.end();
    }
  }, 60_000);
});
