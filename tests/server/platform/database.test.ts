import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migratedDataDir } from "../helpers/data-dir.ts";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE } from "../../../server/platform/db/lock.ts";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { users } from "../../../server/modules/auth/schema.ts";
import { seedSignedInUser } from "../../../server/modules/auth/seed.ts";
import { createTestApp } from "../helpers/test-app.ts";
import { freshPostgresUrl, openTestDatabase, postgresUrl } from "../helpers/test-db.ts";

// One folder for the whole file: creating a PGlite cluster on disk is the slow part.
let dataDir: string;
beforeAll(() => {
  dataDir = migratedDataDir("sarraf-db-");
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const lockFile = () => join(dataDir, LOCK_FILE);

describe("a PGlite data folder", () => {
  it("is owned by one opener: a second open fails naming the pid; close releases it", async () => {
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe("pglite");
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`The data folder ${dataDir} is in use by process ${process.pid}`);

    // What the e2e setup does from its own process before the server starts.
    const user = await createUser(first.db, { email: "seed@example.com", fullName: "Seed" });
    const { token } = await createSession(first.db, user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await first.close();
    await first.close(); // idempotent: shutdown paths may close twice
    expect(existsSync(lockFile())).toBe(false);
  }, 120_000);

  it("keeps its data across reopening", async () => {
    const reopened = await openDatabase({ dataDir });
    expect((await reopened.db.select().from(users)).map((u) => u.email)).toEqual(["seed@example.com"]);
    await reopened.close();
  }, 120_000);
});

describe("the lock file", () => {
  it.each([
    ["whose process has exited", () => String(spawnSync(process.execPath, ["-e", ""]).pid)],
    ["that holds no pid", () => "garbage"],
  ])("is taken over when stale: one %s", (_name, content) => {
    writeFileSync(lockFile(), content());
    const release = acquireDataDirLock(dataDir);
    expect(readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("is not taken from a live process", () => {
    writeFileSync(lockFile(), String(process.ppid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(`in use by process ${process.ppid}`);
    rmSync(lockFile());
  });
});

describe("seedSignedInUser", () => {
  it("leaves a user whose token the server accepts, and the folder unlocked", async () => {
    const { token, authUser } = await seedSignedInUser({ dataDir }, { email: "e2e@example.com", fullName: "E2E" });
    expect(authUser).toMatchObject({ email: "e2e@example.com", Token: token });
    expect(existsSync(lockFile())).toBe(false);
    const database = await openDatabase({ dataDir });
    try {
      const t = createTestApp({ database });
      expect((await t.post("/user/get-profile-by-id", { token })).status).toBe(200);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe.skipIf(!postgresUrl)("a PostgreSQL pool", () => {
  it("outlives the server ending its idle connections: the next query opens another", async () => {
    const database = await openTestDatabase();
    try {
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.01)`)));
      // What a restart, a failover or an administrator does to connections left idle.
      const ended = await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      expect((ended as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
      // A pool without an "error" listener would end the process here, as an unhandled error.
      await new Promise((settle) => setTimeout(settle, 200));
      expect((await database.db.select().from(users)).length).toBe(0);
    } finally {
      await database.close();
    }
  });

  it("never hands a busy connection a query (pg 9 refuses it): a transaction's write notice and its parallel reads wait their turn", async () => {
    // Every query a pg client is handed, while that client still runs another: pg 8 queues it
    // with a deprecation warning (once a process, so easy to miss), pg 9 will throw.
    const original = pg.Client.prototype.query;
    const running = new WeakMap<object, number>();
    let overlapping = 0;
    pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
      const now = running.get(this) ?? 0;
      if (now > 0) overlapping++;
      running.set(this, now + 1);
      const done = () => running.set(this, (running.get(this) ?? 1) - 1);
      const last = args.at(-1);
      if (typeof last === "function") args[args.length - 1] = (...results: unknown[]) => (done(), (last as (...r: unknown[]) => void)(...results));
      const returned = (original as (...a: unknown[]) => unknown).apply(this, args);
      if (returned instanceof Promise) returned.then(done, done);
      else if (typeof last !== "function") done();
      return returned;
    } as typeof original;
    try {
      const database = await openTestDatabase();
      try {
        const heard: string[] = [];
        database.watchWrites("users", () => heard.push("users"), { inserts: true });
        await database.db.transaction(async (tx) => {
          await tx.insert(users).values({ email: "notice@sarraf.test", fullName: "Notice" });
          // Reads at once on the transaction's one connection, as a Promise.all in a service does:
          // they take turns, in order, and each answers its own.
          const answers = await Promise.all([1, 2, 3].map((n) => tx.execute(sql`select ${n}::int as n, pg_sleep(0.01)`)));
          expect(answers.map((answer) => (answer as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual([1, 2, 3]);
        });
        expect(heard.length).toBeGreaterThan(0);
        // The NOTIFY did go out with the commit: the row is there and nothing overlapped.
        expect((await database.db.select().from(users)).length).toBe(1);
        expect(overlapping).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      pg.Client.prototype.query = original;
    }
  });

  it("opens at most DATABASE_POOL_MAX connections however many queries wait (the guide sizes max_connections by it)", async () => {
    const { url, drop } = await freshPostgresUrl(inject("postgresTemplate"));
    const database = await openDatabase({ databaseUrl: url, poolMax: 2 });
    try {
      const count = sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`;
      const seen = await Promise.all([1, 2, 3, 4, 5].map(() => database.db.execute(count)));
      const most = Math.max(...seen.map((result) => (result as unknown as { rows: { n: number }[] }).rows[0]!.n));
      // The pool's 2, and the connection that listens for other processes' notices once something subscribes (none here).
      expect(most).toBeLessThanOrEqual(3);
      expect(most).toBeGreaterThanOrEqual(2);
    } finally {
      await database.close();
      await drop();
    }
  });
});
