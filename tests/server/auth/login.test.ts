import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ATTEMPTS } from "../../../server/modules/auth/limits.ts";
import { hashPassword, scryptHasher } from "../../../server/modules/auth/password.ts";
import { createUser } from "../../../server/modules/auth/sessions.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { authAttempts } from "../../../server/modules/auth/schema.ts";
import { bodyOf, countingHasher, latestCode, MINUTE, PASSWORD, seedUser, testClock, uniqueEmail } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openSharedTestDatabases } from "../helpers/test-db.ts";

// Two app instances over one database, as two server processes: limits must hold across them.
let database: Database;
let close: () => Promise<void>;
let a: TestApp;
let b: TestApp;
const clock = testClock();
const counting = countingHasher();
beforeAll(async () => {
  let second: Database;
  [database, second, close] = await openSharedTestDatabases();
  a = createTestApp({ database, now: clock.now, hasher: counting.hasher });
  b = createTestApp({ database: second, now: clock.now, hasher: counting.hasher });
});
beforeEach(() => void clock.nextTest());
afterAll(() => close());

const login = (email: string, password: string, { app = a, address, lang }: { app?: TestApp; address?: string; lang?: string } = {}) =>
  app.post("/user/login", { body: { email, password }, address, lang });
const invalidCredentials = { status: "error", message: "The e-mail address or password is not correct.", data: { reason: "invalidCredentials" } };

async function timed(run: () => Promise<Response>) {
  const started = performance.now();
  const res = await run();
  return { res, ms: performance.now() - started };
}

describe("POST /user/login", () => {
  it("signs a verified account in with a new session each time", async () => {
    const user = await seedUser(database.db, { password: PASSWORD });
    const first = await login(` ${user.email.toUpperCase()} `, PASSWORD);
    expect(first.status).toBe(200);
    const one = await bodyOf(first);
    expect(one).toMatchObject({ status: "success", message: "You are signed in." });
    expect(one.data).toEqual({
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      emailVerified: true,
      hasPassword: true,
      providers: [],
      pictureUrl: null,
      createdAt: user.createdAt.toISOString(),
      Token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const two = await bodyOf(await login(user.email, PASSWORD));
    expect(two.data?.Token).not.toBe(one.data?.Token);
    for (const token of [one.data!.Token, two.data!.Token] as string[]) {
      expect((await a.post("/user/get-profile-by-id", { token })).status).toBe(200);
    }
    // Logout ends that session only.
    expect((await a.post("/user/logout", { token: one.data!.Token as string })).status).toBe(200);
    expect((await a.post("/user/get-profile-by-id", { token: one.data!.Token as string })).status).toBe(401);
    expect((await a.post("/user/get-profile-by-id", { token: two.data!.Token as string })).status).toBe(200);
  });

  it("answers 403 emailNotVerified for the right password of an unverified account", async () => {
    const user = await seedUser(database.db, { verified: false });
    const res = await login(user.email, PASSWORD, { lang: "ar" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      status: "error",
      message: "أكّد عنوان بريدك الإلكتروني أولًا؛ يمكننا أن نرسل إليك رمزًا جديدًا.",
      data: { reason: "emailNotVerified", email: user.email },
    });
  });

  it("answers a wrong password, an unknown e-mail and a password-less account alike, each after one scrypt", async () => {
    // At the policy's cost (N = 2^17), so that the time of a check shows the work done.
    const policy = countingHasher(scryptHasher);
    const app = createTestApp({ database, now: clock.now, hasher: policy.hasher });
    const user = await createUser(database.db, {
      email: uniqueEmail(),
      fullName: "Policy Trader",
      passwordHash: await hashPassword(PASSWORD),
      emailVerifiedAt: clock.now(),
    });
    const codeOnly = await seedUser(database.db, { password: null });
    await login(uniqueEmail(), "warm up the dummy hash", { app }); // made once per process
    for (const [email, password] of [
      [user.email, "not the password"],
      [uniqueEmail(), PASSWORD],
      [codeOnly.email, PASSWORD],
    ]) {
      const verifies = policy.calls.verify;
      const { res, ms } = await timed(() => login(email!, password!, { app }));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(invalidCredentials);
      expect(policy.calls.verify - verifies, email).toBe(1);
      // Loose on purpose: scrypt at N=2^17 takes about 200 ms, a lookup alone a few.
      expect(ms, email).toBeGreaterThan(50);
    }
  });

  it("hashes the whole password: one differing only at its 100th character does not log in", async () => {
    const password = "x".repeat(99) + "A" + "y".repeat(20);
    const user = await seedUser(database.db, { password });
    expect(await (await login(user.email, "x".repeat(99) + "B" + "y".repeat(20))).json()).toEqual(invalidCredentials);
    expect((await login(user.email, password)).status).toBe(200);
  });

  it("takes any password up to 1024 characters to the hash check, and refuses longer ones unhashed", async () => {
    const user = await seedUser(database.db);
    expect(await (await login(user.email, "p".repeat(1024))).json()).toEqual(invalidCredentials);
    const verifies = counting.calls.verify;
    const res = await login(user.email, "p".repeat(1025));
    expect(await res.json()).toEqual({
      status: "error",
      message: "Some fields are not valid.",
      data: { reason: "validation", fields: { password: "Use at most 1024 characters." }, fieldKeys: { password: "password.loginTooLong" } },
    });
    expect(counting.calls.verify).toBe(verifies);
    const missing = await a.post("/user/login", { body: { email: "nobody" } });
    expect((await bodyOf(missing)).data?.fields).toEqual({ email: "Enter a valid e-mail address.", password: "This field is required." });
  });
});

describe("login rate limits", () => {
  it(`after ${ATTEMPTS.failuresPerAccount} failures in 15 minutes, from any instance and address, demand an e-mail code, unchecked, until the first leaves the window`, async () => {
    const user = await seedUser(database.db);
    for (let failure = 1; failure <= ATTEMPTS.failuresPerAccount; failure++) {
      const res = await login(user.email, "wrong password", { app: failure % 2 ? a : b, address: `192.0.2.${failure}` });
      expect(res.status, `failure ${failure}`).toBe(400);
      clock.advance(MINUTE);
    }
    const verifies = counting.calls.verify;
    const blocked = await login(user.email, PASSWORD, { app: b, address: "192.0.2.99", lang: "ar" });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({
      status: "error",
      message: "جُرِّبت كلمات مرور خاطئة كثيرة لهذا الحساب. لحمايته، سجّل الدخول برمز نرسله إلى بريدك الإلكتروني.",
      data: { reason: "codeRequired", email: user.email },
    });
    expect(counting.calls.verify).toBe(verifies); // answered before any hashing: no password oracle
    // A refused try does not extend it: once the first failure leaves the window, the password works.
    clock.advance(5 * MINUTE);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it(`refuse an address after ${ATTEMPTS.failuresPerAddress} failures in 15 minutes across accounts, with a plain 429`, async () => {
    const address = "198.51.100.7";
    // The failures of other accounts, as another process would have recorded them.
    await database.db
      .insert(authAttempts)
      .values(
        Array.from({ length: ATTEMPTS.failuresPerAddress }, () => ({ action: "login", account: uniqueEmail(), address, at: clock.now(), state: "failed" })),
      );
    const user = await seedUser(database.db);
    const verifies = counting.calls.verify;
    const refused = await login(user.email, PASSWORD, { address });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ data: { reason: "rateLimited", retryAfter: 15 * 60 } });
    expect(counting.calls.verify).toBe(verifies);
    expect((await login(user.email, PASSWORD, { address: "198.51.100.8" })).status).toBe(200);
    clock.advance(15 * MINUTE);
    expect((await login(user.email, PASSWORD, { address })).status).toBe(200);
  });

  it("record a success as such: it does not count toward the limit", async () => {
    const user = await seedUser(database.db);
    await login(user.email, PASSWORD, { address: "192.0.2.200" });
    const rows = await database.db
      .select()
      .from(authAttempts)
      .where(and(eq(authAttempts.account, user.email), eq(authAttempts.action, "login")));
    expect(rows).toEqual([expect.objectContaining({ address: "192.0.2.200", state: "succeeded", at: clock.now() })]);
  });
});

describe("code check rate limits", () => {
  it("never close an account's code sign-in, whatever strangers try: each code bounds its own guesses", async () => {
    const user = await seedUser(database.db);
    for (let failure = 1; failure <= ATTEMPTS.failuresPerAccount + 2; failure++) {
      const res = await a.post("/user/verifyotp", { body: { email: user.email, otp: "000000" }, address: `192.0.2.${failure}` });
      expect(res.status, `failure ${failure}`).toBe(400);
    }
    const token = (await bodyOf(await b.post("/user/sendotp", { body: { email: user.email } }))).data?.token as string;
    const otp = await latestCode(database.db, user.email);
    expect((await a.post("/user/verifyotp", { body: { email: user.email, otp, token }, address: "192.0.2.99" })).status).toBe(200);
  });

  it(`refuse an address after ${ATTEMPTS.failuresPerAddress} wrong codes, seen by every instance`, async () => {
    const address = "203.0.113.50";
    for (let failure = 1; failure <= ATTEMPTS.failuresPerAddress; failure++) {
      const app = failure % 2 ? a : b;
      const res = await app.post("/user/verifyotp", { body: { email: uniqueEmail(), otp: "000000" }, address });
      expect(res.status, `failure ${failure}`).toBe(400);
    }
    const blocked = await b.post("/user/verifyotp", { body: { email: uniqueEmail(), otp: "000000" }, address });
    expect(await blocked.json()).toMatchObject({ data: { reason: "rateLimited", retryAfter: 15 * 60 } });
    expect((await a.post("/user/verifyotp", { body: { email: uniqueEmail(), otp: "000000" }, address: "203.0.113.51" })).status).toBe(400);
  });
});

describe("client address", () => {
  const recorded = async (email: string) => (await database.db.select().from(authAttempts).where(eq(authAttempts.account, email))).map((row) => row.address);

  it("is the socket's peer, or 'unknown' without one; X-Forwarded-For is ignored by default", async () => {
    const [one, two] = [uniqueEmail(), uniqueEmail()];
    await a.post("/user/verifyotp", { body: { email: one, otp: "000000" }, address: "203.0.113.7", headers: { "X-Forwarded-For": "1.2.3.4" } });
    await a.post("/user/verifyotp", { body: { email: two, otp: "000000" } });
    expect(await recorded(one)).toEqual(["203.0.113.7"]);
    expect(await recorded(two)).toEqual(["unknown"]);
  });

  it("is the left-most X-Forwarded-For entry with TRUST_PROXY=true", async () => {
    const proxied = createTestApp({ database, now: clock.now, env: { TRUST_PROXY: "true" } });
    const email = uniqueEmail();
    await proxied.post("/user/verifyotp", { body: { email, otp: "000000" }, address: "10.0.0.2", headers: { "X-Forwarded-For": "203.0.113.9, 10.0.0.1" } });
    expect(await recorded(email)).toEqual(["203.0.113.9"]);
  });
});
