import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_CACHE, SessionCache, sessionCacheFor } from "../../../server/modules/auth/session-cache.ts";
import { createSession, revokeSession } from "../../../server/modules/auth/sessions.ts";
import { markEmailVerified } from "../../../server/modules/auth/users.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { sessions, socialIdentities, type User } from "../../../server/modules/auth/schema.ts";
import { bodyOf, seedUser, testClock } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openSharedTestDatabases } from "../helpers/test-db.ts";

// The profile read answers its linked providers from the session cache's memory (issue 29): an
// ended session is still refused by the guard first, and an unlinked provider is gone from the
// very next read, in this process and (on PostgreSQL) in another sharing the database.
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

let subjects = 0;
async function linkedUser(providers: ("google" | "apple" | "facebook")[], emailVerified = true): Promise<{ user: User; token: string }> {
  const user = await seedUser(first.db, { password: null, verified: false, now: clock.now() });
  for (const provider of providers)
    await first.db.insert(socialIdentities).values({
      userId: user.id,
      provider,
      issuer: `https://${provider}.example`,
      subject: `subject-${++subjects}-${process.pid}`,
      email: user.email,
      emailVerified,
      createdAt: clock.now(),
      lastUsedAt: clock.now(),
    });
  const { token } = await createSession(first.db, user.id, { now: clock.now() });
  return { user, token };
}

const profileOf = async (app: TestApp, token: string) => {
  const res = await app.post("/user/get-profile-by-id", { token });
  return { status: res.status, providers: res.status === 200 ? (await bodyOf(res)).data?.providers : undefined };
};

describe("the profile read's cached providers", () => {
  it("answers the providers from memory once read", async () => {
    const { user, token } = await linkedUser(["google"]);
    expect(await profileOf(a, token)).toEqual({ status: 200, providers: ["google"] });
    expect(sessionCacheFor(first).providers(user.id)).toEqual(["google"]);
    // A plain INSERT is not a watched write: the next read still comes from memory.
    await first.db.insert(socialIdentities).values({
      userId: user.id,
      provider: "apple",
      issuer: "https://apple.example",
      subject: `subject-${++subjects}-${process.pid}`,
      emailVerified: true,
      createdAt: clock.now(),
      lastUsedAt: clock.now(),
    });
    expect((await profileOf(a, token)).providers).toEqual(["google"]);
  });

  it("never answers for an ended session, although its user's providers are in memory", async () => {
    const { user, token } = await linkedUser(["google"]);
    expect((await profileOf(a, token)).status).toBe(200);
    const [session] = await first.db.select().from(sessions).where(eq(sessions.userId, user.id));
    await revokeSession(first.db, session!.id, clock.now());
    expect(sessionCacheFor(first).providers(user.id)).toEqual(["google"]);
    expect(await profileOf(a, token)).toEqual({ status: 401, providers: undefined });
    expect((await b.post("/user/get-profile-by-id", { token })).status).toBe(401);
  });

  it("drops a provider unlinked by a code-verified e-mail on the very next read", async () => {
    const { user, token } = await linkedUser(["facebook"], false);
    expect((await profileOf(a, token)).providers).toEqual(["facebook"]);
    await markEmailVerified(first.db, user.id, clock.now());
    expect(sessionCacheFor(first).providers(user.id)).toBeUndefined();
    expect((await profileOf(a, token)).providers).toEqual([]);
  });

  it("drops providers at once on a delete of social_identities alone, by this process or another", async () => {
    const { user, token } = await linkedUser(["google", "apple"]);
    expect((await profileOf(a, token)).providers).toEqual(["google", "apple"]);
    expect((await profileOf(b, token)).providers).toEqual(["google", "apple"]);
    await first.db.delete(socialIdentities).where(eq(socialIdentities.provider, "apple"));
    expect(sessionCacheFor(first).providers(user.id)).toBeUndefined();
    // The other process hears the write when it commits (the same cache on PGlite).
    await vi.waitFor(() => expect(sessionCacheFor(second).providers(user.id)).toBeUndefined(), { timeout: SESSION_CACHE.ttlMs / 3, interval: 5 });
    expect((await profileOf(a, token)).providers).toEqual(["google"]);
    expect((await profileOf(b, token)).providers).toEqual(["google"]);
  });
});

describe("SessionCache's providers", () => {
  const listening = (clock: () => number) => {
    const cache = new SessionCache(clock);
    cache.setListening(true);
    return cache;
  };

  it("keeps them for the TTL only, and not when read before a clear", () => {
    let now = 0;
    const cache = listening(() => now);
    const generation = cache.providersGeneration();
    cache.clearProviders();
    expect(cache.putProviders("u1", ["google"], generation)).toBe(false);
    expect(cache.putProviders("u1", ["google"], cache.providersGeneration())).toBe(true);
    now = SESSION_CACHE.ttlMs - 1;
    expect(cache.providers("u1")).toEqual(["google"]);
    now = SESSION_CACHE.ttlMs;
    expect(cache.providers("u1")).toBeUndefined();
  });

  it("forgets them on clear() (a users write) and holds at most maxEntries", () => {
    const cache = listening(() => 0);
    for (let i = 0; i <= SESSION_CACHE.maxEntries; i++) cache.putProviders(`u${i}`, [], cache.providersGeneration());
    expect(cache.providers("u0")).toBeUndefined();
    expect(cache.providers(`u${SESSION_CACHE.maxEntries}`)).toEqual([]);
    cache.clear();
    expect(cache.providers(`u${SESSION_CACHE.maxEntries}`)).toBeUndefined();
  });
});
