import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PRUNE } from "../../../server/modules/auth/limits.ts";
import { pruneAuthRows } from "../../../server/modules/auth/prune.ts";
import { createSession, createUser, hashToken } from "../../../server/modules/auth/sessions.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { sessions, type User } from "../../../server/modules/auth/schema.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const MINUTE = 60_000;
let database: Database;
let clock: Date;
let t: TestApp;
let user: User;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp({ database, env: { SESSION_IDLE_MINUTES: "30" }, now: () => clock });
  user = await createUser(database.db, { email: "  Layla@Example.COM ", fullName: "Layla Haddad" });
});
beforeEach(() => {
  clock = new Date("2026-01-01T10:00:00Z");
});
afterAll(() => database.close());

const profile = (token?: string, body?: unknown) => t.post("/user/get-profile-by-id", { token, body });
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

describe("protected routes", () => {
  it.each([
    ["no Authorization header", {}],
    ["an unknown token", { Authorization: "Bearer " + "x".repeat(43) }],
    ["a non-bearer scheme", { Authorization: "Basic dXNlcjpwYXNz" }],
    ["an empty bearer", { Authorization: "Bearer " }],
  ])("answer 401 for %s", async (_name, headers) => {
    const res = await t.post("/user/get-profile-by-id", { headers, lang: "ar" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ status: "error", message: "يرجى تسجيل الدخول للمتابعة." });
  });

  it("return the signed-in user's public profile for a live session", async () => {
    const { token } = await createSession(database.db, user.id, { now: clock });
    const res = await profile(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "success",
      message: "Your profile.",
      data: {
        id: user.id,
        email: "layla@example.com",
        fullName: "Layla Haddad",
        emailVerified: false,
        hasPassword: false,
        providers: [],
        pictureUrl: null,
        createdAt: user.createdAt.toISOString(),
      },
    });
  });

  it("accept the user's own id and refuse someone else's", async () => {
    const { token } = await createSession(database.db, user.id, { now: clock });
    expect((await profile(token, { id: user.id })).status).toBe(200);
    expect((await profile(token, { id: "00000000-0000-0000-0000-000000000000" })).status).toBe(403);
    expect((await profile(token, { id: 42 })).status).toBe(400);
  });
});

describe("sessions", () => {
  it("store only the SHA-256 hash of a 256-bit token", async () => {
    const { token, session } = await createSession(database.db, user.id, { now: clock });
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("end on logout: the same token then gets 401", async () => {
    const { token, session } = await createSession(database.db, user.id, { now: clock });
    const res = await t.post("/user/logout", { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "You have been logged out.", data: null });
    expect((await profile(token)).status).toBe(401);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.revokedAt).toEqual(clock);
  });

  it("logout revokes only that session", async () => {
    const a = await createSession(database.db, user.id, { now: clock });
    const b = await createSession(database.db, user.id, { now: clock });
    await t.post("/user/logout", { token: a.token });
    expect((await profile(b.token)).status).toBe(200);
  });

  it("expire after the idle window without use", async () => {
    const { token } = await createSession(database.db, user.id, { now: clock });
    later(29 * MINUTE);
    expect((await profile(token)).status).toBe(200);
    later(29 * MINUTE); // 58 minutes old, but seen 29 minutes ago: still live.
    expect((await profile(token)).status).toBe(200);
    later(30 * MINUTE + 1);
    expect((await profile(token)).status).toBe(401);
  });

  it("expire at the absolute lifetime however active", async () => {
    const { token } = await createSession(database.db, user.id, { now: clock, absoluteDays: 1 });
    for (let minutes = 0; minutes < 24 * 60 - 20; minutes += 20) {
      later(20 * MINUTE);
      expect((await profile(token)).status).toBe(200);
    }
    later(20 * MINUTE);
    expect((await profile(token)).status).toBe(401);
  }, 120_000);

  it("an expired session cannot be revived by a later request", async () => {
    const { token } = await createSession(database.db, user.id, { now: clock });
    later(31 * MINUTE);
    expect((await profile(token)).status).toBe(401);
    later(-30 * MINUTE);
    // The failed request must not have moved last_seen_at forward.
    expect((await profile(token)).status).toBe(200);
  });
});

describe("pruneAuthRows", () => {
  it("deletes sessions a day after they expired, were revoked or went idle, and keeps the rest", async () => {
    const owner = await createUser(database.db, { email: "pruned.sessions@example.com" });
    const pruneAt = new Date(clock.getTime() + 24 * 60 * MINUTE);
    const dayBefore = (ms: number) => new Date(pruneAt.getTime() - PRUNE.keepMs - ms);
    const made: Record<string, string> = {};
    const make = async (name: string, set: Partial<typeof sessions.$inferInsert>) => {
      const { session } = await createSession(database.db, owner.id, { now: clock });
      await database.db.update(sessions).set(set).where(eq(sessions.id, session.id));
      made[name] = session.id;
    };
    await make("live", { lastSeenAt: pruneAt });
    await make("expired", { expiresAt: dayBefore(1) });
    await make("justExpired", { expiresAt: dayBefore(0) });
    await make("revoked", { revokedAt: dayBefore(1) });
    await make("justRevoked", { revokedAt: dayBefore(0) });
    await make("idle", { lastSeenAt: dayBefore(30 * MINUTE + 1) });
    await make("justIdle", { lastSeenAt: dayBefore(30 * MINUTE) });
    const left = async () => {
      const rows = await database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.id));
      const ids = new Set(rows.map((row) => row.id));
      return Object.keys(made).filter((name) => ids.has(made[name]!));
    };

    // Without the idle window, a session is never pruned for idleness (a longer setting stays safe).
    expect((await pruneAuthRows(database.db, pruneAt)).sessions).toBe(2);
    expect(await left()).toEqual(["live", "justExpired", "justRevoked", "idle", "justIdle"]);
    expect((await pruneAuthRows(database.db, pruneAt, { idleMinutes: 30 })).sessions).toBe(1);
    expect(await left()).toEqual(["live", "justExpired", "justRevoked", "justIdle"]);
  });
});

describe("createUser", () => {
  it("keeps e-mail unique regardless of case", async () => {
    await expect(createUser(database.db, { email: "LAYLA@example.com" })).rejects.toThrow();
  });
});
