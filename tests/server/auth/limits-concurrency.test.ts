import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ATTEMPTS, CODES } from "../../../server/modules/auth/limits.ts";
import { createUser, hashToken } from "../../../server/modules/auth/sessions.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { authAttempts, emailCodes, users } from "../../../server/modules/auth/schema.ts";
import type { MailMessage, MailService } from "../../../server/platform/mail/index.ts";
import { CONSENT, bodyOf, codeIn, countingHasher, MINUTE, PASSWORD, testClock, testHasher, uniqueEmail } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openSharedTestDatabases } from "../helpers/test-db.ts";

// Two app instances over one database, as two server processes (two connection pools on
// PostgreSQL): every limit must hold across them, under truly concurrent requests.
let database: Database;
let close: () => Promise<void>;
let a: TestApp;
let b: TestApp;
const clock = testClock();
// scrypt at the tests' low cost, so dozens of concurrent requests stay quick: these tests are
// about who gets past a limit, not about hashing cost. Verify reads the cost from the hash.
const counting = countingHasher();
const seedUser = async (db: Database["db"]) =>
  createUser(db, { email: uniqueEmail(), fullName: "Test Trader", passwordHash: await testHasher.hash(PASSWORD), emailVerifiedAt: clock.now() });
const sent: MailMessage[] = [];
// Mail as handed to the mail service, whatever the adapter does with it afterwards.
const mail: MailService = { kind: "outbox", mailer: { send: async (message) => void sent.push(message) }, idle: async () => {}, close: async () => {} };
beforeAll(async () => {
  let second: Database;
  [database, second, close] = await openSharedTestDatabases();
  a = createTestApp({ database, now: clock.now, hasher: counting.hasher, mail });
  b = createTestApp({ database: second, now: clock.now, hasher: counting.hasher, mail });
});
beforeEach(() => void clock.nextTest());
afterAll(() => close());

const both = (i: number) => (i % 2 ? b : a);
const mailsTo = (email: string) => sent.filter((m) => m.to === email);
const login = (app: TestApp, email: string, password: string, address?: string) => app.post("/user/login", { body: { email, password }, address });
const attemptRows = (email: string, action = "login") =>
  database.db
    .select()
    .from(authAttempts)
    .where(and(eq(authAttempts.account, email), eq(authAttempts.action, action)));
const codeRequired = (email: string) => ({
  status: "error",
  message: "Too many wrong passwords were tried for this account. To keep it safe, sign in with a code sent to your e-mail.",
  data: { reason: "codeRequired", email },
});

describe("a double-submitted sign-up", () => {
  it("10 pairs at once: each pair makes one account, one code, one mail; both answer success and both tokens keep the password", async () => {
    const emails = Array.from({ length: 10 }, () => uniqueEmail("double"));
    const submit = (email: string, app: TestApp) =>
      app.post("/user/signup", { body: { fullName: "Double Click", email, password: "a long enough password", ...CONSENT }, address: "192.0.2.10" });
    const answers = await Promise.all(emails.flatMap((email) => [submit(email, a), submit(email, b)]));
    const bodies = await Promise.all(
      answers.map((res) => res.json() as Promise<{ status: string; data: { token: string; resendAfter: number; expiresIn: number } }>),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(200));
    for (const [i, email] of emails.entries()) {
      const [first, second] = [bodies[2 * i]!, bodies[2 * i + 1]!];
      expect(first).toMatchObject({ status: "success", data: { email, resendAfter: 60, expiresIn: 600 } });
      expect(second).toMatchObject({ status: "success", data: { email, resendAfter: 60, expiresIn: 600 } });
      expect(first.data.token).not.toBe(second.data.token);
      const rows = await database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.signupTokenHashes).toEqual(expect.arrayContaining([hashToken(first.data.token), hashToken(second.data.token)]));
      expect(await database.db.select().from(emailCodes).where(eq(emailCodes.email, email))).toHaveLength(1);
      expect(mailsTo(email).map((m) => m.kind)).toEqual(["signup"]);
    }
    // Either answer's token keeps the password: verify half the pairs with each.
    for (const [i, email] of emails.entries()) {
      const token = bodies[2 * i + (i % 2)]!.data.token;
      const verified = await a.post("/user/verifyotp", { body: { email, otp: codeIn(mailsTo(email)[0]!.text), token } });
      expect((await bodyOf(verified)).data, email).toMatchObject({ email, emailVerified: true, hasPassword: true });
    }
    expect((await login(b, emails[0]!, "a long enough password")).status).toBe(200);
  });
});

describe("code limits under concurrency", () => {
  it(`25 parallel forgot-password calls from one address: exactly ${CODES.perAddressPerWindow} admitted`, async () => {
    const address = "198.51.100.25";
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => both(i).post("/user/forgotPassword", { body: { email: uniqueEmail("forgot") }, address })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CODES.perAddressPerWindow);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - CODES.perAddressPerWindow);
    expect(await database.db.select().from(emailCodes).where(eq(emailCodes.address, address))).toHaveLength(CODES.perAddressPerWindow);
  });

  it("5 parallel sendotp calls for one e-mail: exactly one code", async () => {
    const user = await seedUser(database.db);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => both(i).post("/user/sendotp", { body: { email: user.email }, address: `192.0.2.${50 + i}` })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(mailsTo(user.email)).toHaveLength(1);
  });
});

describe("login attempts under concurrency", () => {
  it(`${ATTEMPTS.failuresPerAccount + 5} simultaneous correct logins all succeed`, async () => {
    const user = await seedUser(database.db);
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS.failuresPerAccount + 5 }, (_, i) => login(both(i), user.email, PASSWORD, `192.0.2.${i + 1}`)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(ATTEMPTS.failuresPerAccount + 5).fill(200));
    expect((await attemptRows(user.email)).map((row) => row.state)).toEqual(Array(ATTEMPTS.failuresPerAccount + 5).fill("succeeded"));
  });

  it(`a burst of wrong guesses from many addresses: exactly ${ATTEMPTS.failuresPerAccount} checked, then codeRequired without a check, also for the owner`, async () => {
    const user = await seedUser(database.db);
    const verifies = counting.calls.verify;
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS.failuresPerAccount + 6 }, (_, i) => login(both(i), user.email, `wrong guess ${i}`, `203.0.113.${i + 1}`)),
    );
    const bodies = await Promise.all(answers.map((res) => bodyOf(res)));
    expect(bodies.filter((body) => body.data?.reason === "invalidCredentials")).toHaveLength(ATTEMPTS.failuresPerAccount);
    expect(bodies.filter((body) => body.data?.reason === "codeRequired")).toHaveLength(6);
    expect(counting.calls.verify - verifies).toBe(ATTEMPTS.failuresPerAccount);
    expect((await attemptRows(user.email)).map((row) => row.state)).toEqual(Array(ATTEMPTS.failuresPerAccount).fill("failed"));

    // The owner's right password is not checked either: no oracle, and the same answer as anyone's.
    const owner = await login(a, user.email, PASSWORD, "192.0.2.200");
    expect(owner.status).toBe(403);
    expect(await owner.json()).toEqual(codeRequired(user.email));
    expect(counting.calls.verify - verifies).toBe(ATTEMPTS.failuresPerAccount);
  });

  it("answers an unknown e-mail the same way (no enumeration)", async () => {
    const unknown = uniqueEmail("nobody");
    for (let i = 1; i <= ATTEMPTS.failuresPerAccount; i++) expect((await login(both(i), unknown, PASSWORD, `203.0.113.${i}`)).status).toBe(400);
    const res = await login(a, unknown, PASSWORD, "192.0.2.201");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(codeRequired(unknown));
  });

  it("strangers' wrong passwords do not stop the owner signing in by code, and that sign-in clears the count", async () => {
    const user = await seedUser(database.db);
    for (let i = 1; i <= ATTEMPTS.failuresPerAccount; i++) await login(both(i), user.email, "stranger's guess", `203.0.113.${100 + i}`);
    expect(await (await login(a, user.email, PASSWORD, "192.0.2.7")).json()).toEqual(codeRequired(user.email));
    // Strangers' wrong codes do not close the way out either.
    for (let i = 1; i <= ATTEMPTS.failuresPerAccount + 1; i++) {
      expect((await both(i).post("/user/verifyotp", { body: { email: user.email, otp: "000000" }, address: `203.0.113.${150 + i}` })).status).toBe(400);
    }
    const token = (await bodyOf(await a.post("/user/sendotp", { body: { email: user.email }, address: "192.0.2.7" }))).data?.token as string;
    const code = codeIn(mailsTo(user.email).at(-1)!.text);
    const signedIn = await b.post("/user/verifyotp", { body: { email: user.email, otp: code, token }, address: "192.0.2.7" });
    expect(signedIn.status).toBe(200);
    expect((await login(b, user.email, PASSWORD, "192.0.2.7")).status).toBe(200);
    // The count starts again from the success: one more stranger is just a wrong password.
    expect((await login(a, user.email, "stranger's guess", "203.0.113.199")).status).toBe(400);
  });

  it("a correct password under the limit clears the count too", async () => {
    const user = await seedUser(database.db);
    for (let i = 1; i < ATTEMPTS.failuresPerAccount; i++) await login(both(i), user.email, "almost", `203.0.113.${i}`);
    expect((await login(a, user.email, PASSWORD)).status).toBe(200);
    for (let i = 1; i < ATTEMPTS.failuresPerAccount; i++) expect((await login(both(i), user.email, "again", `203.0.113.${i}`)).status).toBe(400);
    expect((await login(b, user.email, PASSWORD)).status).toBe(200);
  });

  it("queues behind guesses still being checked elsewhere, and ignores those of a process that died 30 s ago", async () => {
    const user = await seedUser(database.db);
    const pending = (at: Date) =>
      database.db
        .insert(authAttempts)
        .values(
          Array.from({ length: ATTEMPTS.failuresPerAccount }, (_, i) => ({
            action: "login",
            account: user.email,
            address: `203.0.113.${i}`,
            at,
            state: "pending",
          })),
        )
        .returning({ id: authAttempts.id });

    // Left by a crashed process: ignored.
    await pending(new Date(clock.now().getTime() - ATTEMPTS.pendingStaleMs - 1000));
    expect((await login(a, user.email, PASSWORD)).status).toBe(200);

    // Being checked right now by another process: the login waits for their outcome.
    clock.advance(MINUTE);
    await pending(clock.now());
    let answered = false;
    const waiting = login(b, user.email, PASSWORD).then((res) => ((answered = true), res));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    // They all failed: the limit is reached, and the waiting login is refused unchecked.
    await database.db
      .update(authAttempts)
      .set({ state: "failed" })
      .where(and(eq(authAttempts.account, user.email), eq(authAttempts.state, "pending")));
    expect(await (await waiting).json()).toEqual(codeRequired(user.email));
  });

  it(`waits at most ${ATTEMPTS.queueWaitMs / 1000} s behind guesses that never settle, then answers 429 and leaves no row of its own`, async () => {
    const user = await seedUser(database.db);
    await database.db.insert(authAttempts).values(
      Array.from({ length: ATTEMPTS.failuresPerAccount }, (_, i) => ({
        action: "login",
        account: user.email,
        address: `203.0.113.${i}`,
        at: clock.now(),
        state: "pending",
      })),
    );
    const started = performance.now();
    const res = await login(a, user.email, PASSWORD);
    expect(performance.now() - started).toBeGreaterThanOrEqual(ATTEMPTS.queueWaitMs);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ data: { reason: "rateLimited", retryAfter: 1 } });
    expect(await attemptRows(user.email)).toHaveLength(ATTEMPTS.failuresPerAccount);
  });
});
