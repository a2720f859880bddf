import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_CACHE, SessionCache, sessionCacheFor, type CachedAuth } from "../../../server/modules/auth/session-cache.ts";
import { createSession, hashToken, revokeSession, revokeUserSessions, TOUCH_EVERY_MS } from "../../../server/modules/auth/sessions.ts";
import { tablesWritten } from "../../../server/platform/db/changes.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { sessions, users, type Session, type User } from "../../../server/modules/auth/schema.ts";
import { MINUTE, seedUser, testClock } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openSharedTestDatabases, postgresUrl } from "../helpers/test-db.ts";

// Two handles on one database, as two server processes hold them (one shared handle on PGlite).
let first: Database;
let second: Database;
let closeAll: () => Promise<void>;
let a: TestApp;
let b: TestApp;
const clock = testClock();

beforeAll(async () => {
  [first, second, closeAll] = await openSharedTestDatabases();
  a = createTestApp({ database: first, env: { SESSION_IDLE_MINUTES: "30" }, now: clock.now });
  b = createTestApp({ database: second, env: { SESSION_IDLE_MINUTES: "30" }, now: clock.now });
  await Promise.all([sessionCacheFor(first).whenListening(), sessionCacheFor(second).whenListening()]);
});
beforeEach(() => void clock.nextTest());
afterAll(() => closeAll());

const profile = (app: TestApp, token: string) => app.post("/user/get-profile-by-id", { token });
const cachedIn = (database: Database, token: string) => sessionCacheFor(database).get(hashToken(token));
const lastSeen = async (id: string) => (await first.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.lastSeenAt;
/** Notices from another process arrive a moment after its commit; far within the cache's TTL. */
const soon = <T>(check: () => T) => vi.waitFor(check, { timeout: SESSION_CACHE.ttlMs / 3, interval: 5 });

async function signedIn(database = first): Promise<{ user: User; token: string; session: Session }> {
  const user = await seedUser(database.db, { password: null, now: clock.now() });
  const { token, session } = await createSession(database.db, user.id, { now: clock.now() });
  return { user, token, session };
}

describe("the session cache", () => {
  it("serves a verified session from memory, with its user", async () => {
    const { user, token } = await signedIn();
    expect(cachedIn(first, token)).toBeUndefined();
    expect((await profile(a, token)).status).toBe(200);
    expect(cachedIn(first, token)?.user.id).toBe(user.id);
    // Answered although the row is gone: from memory (deleting a row is not revoking it).
    await first.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await profile(a, token)).status).toBe(200);
  });

  it("refuses a cached session on the very next request after logout", async () => {
    const { token } = await signedIn();
    expect((await profile(a, token)).status).toBe(200);
    expect(cachedIn(first, token)).toBeDefined();
    expect((await a.post("/user/logout", { token })).status).toBe(200);
    expect(cachedIn(first, token)).toBeUndefined();
    expect((await profile(a, token)).status).toBe(401);
  });

  it("refuses cached sessions on the very next request after revokeUserSessions in a transaction, except the one kept", async () => {
    const { user, token: kept, session } = await signedIn();
    const { token: other } = await createSession(first.db, user.id, { now: clock.now() });
    for (const token of [kept, other]) expect((await profile(a, token)).status).toBe(200);
    await first.db.transaction(async (tx) => {
      await revokeUserSessions(tx, user.id, clock.now(), { except: session.id });
      // Not committed yet: a request now may read the old row, but must not cache it.
      expect(cachedIn(first, other)).toBeUndefined();
    });
    expect((await profile(a, other)).status).toBe(401);
    expect((await profile(a, kept)).status).toBe(200);
  });

  it("does not cache a session read while its revocation is uncommitted", async () => {
    if (!postgresUrl) return; // PGlite runs a transaction alone: no read can happen inside it.
    const { token, session } = await signedIn();
    await first.db.transaction(async (tx) => {
      await revokeSession(tx, session.id, clock.now());
      // Another connection still sees the session live, and must not cache it.
      expect((await profile(a, token)).status).toBe(200);
      expect(cachedIn(first, token)).toBeUndefined();
    });
    expect((await profile(a, token)).status).toBe(401);
  });

  it("keeps a session revoked by a rolled back transaction", async () => {
    const { token, session } = await signedIn();
    expect((await profile(a, token)).status).toBe(200);
    await expect(
      first.db.transaction(async (tx) => {
        await revokeSession(tx, session.id, clock.now());
        throw new Error("changed our mind");
      }),
    ).rejects.toThrow("changed our mind");
    expect((await profile(a, token)).status).toBe(200);
  });

  it("hears a logout in another process before its cache would expire", async () => {
    const { token } = await signedIn();
    expect((await profile(b, token)).status).toBe(200);
    expect(cachedIn(second, token)).toBeDefined();
    expect((await a.post("/user/logout", { token })).status).toBe(200);
    await soon(() => expect(cachedIn(second, token)).toBeUndefined());
    expect((await profile(b, token)).status).toBe(401);
  });

  it("hears revokeUserSessions in another process", async () => {
    const { user, token } = await signedIn();
    expect((await profile(b, token)).status).toBe(200);
    await first.db.transaction((tx) => revokeUserSessions(tx, user.id, clock.now()));
    await soon(() => expect(cachedIn(second, token)).toBeUndefined());
    expect((await profile(b, token)).status).toBe(401);
  });

  it("answers with the user as it is now after any route or statement changes it", async () => {
    const { user, token } = await signedIn();
    const name = async (app: TestApp) => ((await (await profile(app, token)).json()) as { data: { fullName: string } }).data.fullName;
    expect(await name(a)).toBe("Test Trader");
    expect((await a.post("/user/update-profile", { token, body: { fullName: "Renamed Trader" } })).status).toBe(200);
    expect(await name(a)).toBe("Renamed Trader");
    // Any statement writing users, in a transaction or not, from this process or another.
    expect((await profile(a, token)).status).toBe(200);
    await second.db.transaction((tx) => tx.update(users).set({ fullName: "Twice Renamed" }).where(eq(users.id, user.id)));
    await soon(async () => expect(await name(a)).toBe("Twice Renamed"));
    expect(await name(b)).toBe("Twice Renamed");
    await first.db.update(users).set({ fullName: "Thrice Renamed" }).where(eq(users.id, user.id));
    expect(await name(a)).toBe("Thrice Renamed");
  });

  it("refuses a cached session at its absolute expiry", async () => {
    const { token, session } = await signedIn();
    await first.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() + 30_000) })
      .where(eq(sessions.id, session.id));
    expect((await profile(a, token)).status).toBe(200);
    expect(cachedIn(first, token)).toBeDefined();
    clock.advance(29_999);
    expect((await profile(a, token)).status).toBe(200);
    clock.advance(1);
    expect((await profile(a, token)).status).toBe(401);
  });

  it("refuses a cached session past its idle window", async () => {
    const { token } = await signedIn();
    expect((await profile(a, token)).status).toBe(200);
    expect(cachedIn(first, token)).toBeDefined();
    clock.advance(30 * MINUTE);
    expect((await profile(a, token)).status).toBe(401);
  });
});

describe("last_seen_at", () => {
  it("moves at most once a minute", async () => {
    const { token, session } = await signedIn();
    const created = clock.now();
    for (const step of [1_000, 20_000, TOUCH_EVERY_MS - 21_001]) {
      clock.advance(step);
      expect((await profile(a, token)).status).toBe(200);
      expect(await lastSeen(session.id)).toEqual(created);
    }
    const touched = clock.advance(1);
    expect((await profile(a, token)).status).toBe(200);
    expect(await lastSeen(session.id)).toEqual(touched);
    clock.advance(TOUCH_EVERY_MS - 1);
    expect((await profile(b, token)).status).toBe(200);
    expect((await profile(a, token)).status).toBe(200);
    expect(await lastSeen(session.id)).toEqual(touched);
  });

  it("moves once when many requests find it due together, in either process", async () => {
    const { token, session } = await signedIn();
    const due = clock.advance(TOUCH_EVERY_MS);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => profile(i % 2 ? a : b, token)));
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    expect(await lastSeen(session.id)).toEqual(due);
  });

  it("keeps an active session alive past the idle window of its first use", async () => {
    const { token } = await signedIn();
    for (let minutes = 0; minutes < 90; minutes += 10) {
      clock.advance(10 * MINUTE);
      expect((await profile(a, token)).status).toBe(200);
    }
  });
});

describe("SessionCache", () => {
  const auth = (id: string, userId = "u1"): CachedAuth => ({ session: { id, userId } as Session, user: { id: userId } as User });

  it("refuses to store a read that raced an eviction", () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const before = cache.generation();
    cache.heard(JSON.stringify({ session: "other", id: "x" }));
    expect(cache.put("h", auth("s1"), before)).toBe(false);
    expect(cache.put("h", auth("s1"), cache.generation())).toBe(true);
  });

  it("keeps a session out while its own revocation is unheard, until heard or expired", () => {
    let now = 0;
    const cache = new SessionCache(() => now);
    cache.setListening(true);
    const revocation = cache.begin({ user: "u1", except: "kept" });
    expect(cache.put("h1", auth("s1"), cache.generation())).toBe(false);
    expect(cache.put("h2", auth("kept"), cache.generation())).toBe(true);
    expect(cache.put("h3", auth("s3", "u2"), cache.generation())).toBe(true);
    now += SESSION_CACHE.pendingMs;
    expect(cache.put("h1", auth("s1"), cache.generation())).toBe(true);
    cache.begin({ session: "s1" });
    expect(cache.get("h1")).toBeUndefined();
    cache.heard(JSON.stringify(revocation));
  });

  it("stores nothing while not listening, and forgets all when listening stops", () => {
    const cache = new SessionCache();
    expect(cache.put("h", auth("s1"), cache.generation())).toBe(false);
    cache.setListening(true);
    expect(cache.put("h", auth("s1"), cache.generation())).toBe(true);
    cache.setListening(false);
    expect(cache.get("h")).toBeUndefined();
  });

  it("forgets entries after the TTL and the oldest beyond its size", () => {
    let now = 0;
    const cache = new SessionCache(() => now);
    cache.setListening(true);
    cache.put("h", auth("s1"), cache.generation());
    now += SESSION_CACHE.ttlMs - 1;
    expect(cache.get("h")).toBeDefined();
    now += 1;
    expect(cache.get("h")).toBeUndefined();
    for (let i = 0; i <= SESSION_CACHE.maxEntries; i++) cache.put(`k${i}`, auth(`s${i}`), cache.generation());
    expect(cache.size).toBe(SESSION_CACHE.maxEntries);
    expect(cache.get("k0")).toBeUndefined();
    expect(cache.get(`k${SESSION_CACHE.maxEntries}`)).toBeDefined();
  });
});

describe("tablesWritten", () => {
  it.each([
    ['update "users" set "full_name" = $1 where "users"."id" = $2', ["users"]],
    ['delete from "users" where "users"."id" = $1', ["users"]],
    ['insert into "users" ("email") values ($1) on conflict ("email") do update set "full_name" = $2', ["users"]],
    ['insert into "users" ("email") values ($1) returning "id"', []],
    ['select "users"."id", "users"."updated_at" from "users" where "users"."id" = $1', []],
    ['update "sessions" set "last_seen_at" = $1 where "sessions"."user_id" = $2', []],
    ['update "push_subscriptions" set "token" = $1 where "user_id" in (select "id" from "users")', ["users"]],
  ])("%s", (statement, expected) => {
    expect(tablesWritten(statement, ["users"])).toEqual(expected);
  });
});

describe.runIf(postgresUrl)("on PostgreSQL, when the listening connection drops", () => {
  it("caches nothing until it listens again, then hears revocations as before", async () => {
    const cache = sessionCacheFor(second);
    const { token } = await signedIn();
    expect((await profile(b, token)).status).toBe(200);
    expect(cachedIn(second, token)).toBeDefined();
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      // Ends every LISTENing backend of this test database: this file's two listeners.
      const { rows } = (await first.db.execute(sql`select current_database() as datname`)) as unknown as { rows: { datname: string }[] };
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen%' and pid <> pg_backend_pid()`, [
        rows[0]!.datname,
      ]);
    } finally {
      await admin.end();
    }
    await soon(() => expect(cache.listening).toBe(false));
    expect(cachedIn(second, token)).toBeUndefined();
    await vi.waitFor(() => expect(cache.listening).toBe(true), { timeout: 10_000, interval: 20 });
    expect((await profile(b, token)).status).toBe(200);
    expect(cachedIn(second, token)).toBeDefined();
    expect((await a.post("/user/logout", { token })).status).toBe(200);
    await soon(() => expect(cachedIn(second, token)).toBeUndefined());
    expect((await profile(b, token)).status).toBe(401);
  });
});
