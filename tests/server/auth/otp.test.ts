import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../../server/modules/auth/sessions.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { emailCodes, sessions, users } from "../../../server/modules/auth/schema.ts";
import { CONSENT, bodyOf, latestCode, mailsTo, MINUTE, otherCode, seedUser, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const userRowOf = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];
const sendOtp = (email: string, extra: Record<string, unknown> = {}, address?: string) => t.post("/user/sendotp", { body: { email, ...extra }, address });
const verify = (email: string, otp: string, token?: string, lang?: string) =>
  t.post("/user/verifyotp", { body: { email, otp, ...(token === undefined ? {} : { token }) }, lang });
const tokenOf = async (res: Response) => (await bodyOf(res)).data?.token as string;

describe("POST /user/sendotp", () => {
  it("e-mails a 6-digit sign-in code and answers a 256-bit token bound to it", async () => {
    const user = await seedUser(database.db);
    const res = await sendOtp(user.email.toUpperCase());
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body).toMatchObject({ status: "success", message: "Check your e-mail for your sign-in code." });
    expect(body.data).toEqual({ email: user.email, resendAfter: 60, expiresIn: 600, token: expect.any(String) });
    expect(Buffer.from(body.data!.token as string, "base64url")).toHaveLength(32);
    const [mail] = await mailsTo(database.db, user.email);
    expect(mail).toMatchObject({ kind: "signin", subject: "Your Sarraf sign-in code" });
    expect(await latestCode(database.db, user.email)).toMatch(/^\d{6}$/);
  });

  it("answers an unknown e-mail identically but sends nothing, keeping a row for the limits", async () => {
    const known = await seedUser(database.db, { verified: false });
    const unknown = uniqueEmail();
    // Only the echoed e-mail and the random token differ.
    const comparable = async (res: Response) => {
      const body = await bodyOf(res);
      return { http: res.status, ...body, data: { ...body.data, email: "…", token: typeof body.data?.token } };
    };
    expect(await comparable(await sendOtp(known.email))).toEqual(await comparable(await sendOtp(unknown)));
    expect(await mailsTo(database.db, unknown)).toEqual([]);
    const rows = await database.db.select().from(emailCodes).where(eq(emailCodes.email, unknown));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBeNull();
    // And a guess for it is just a wrong code, as for a real account.
    expect(await bodyOf(await verify(unknown, "123456"))).toMatchObject({ data: { reason: "codeInvalid", attemptsLeft: 4 } });
  });

  it("stores the code and the token only as SHA-256 hashes", async () => {
    const user = await seedUser(database.db);
    const token = await tokenOf(await sendOtp(user.email));
    const code = await latestCode(database.db, user.email);
    const [row] = await database.db.select().from(emailCodes).where(eq(emailCodes.email, user.email));
    expect(row!.codeHash).toBe(hashToken(`${row!.id}:${code}`));
    expect(row!.challengeHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("refuses a new code within 60 s of the last one, with retryAfter", async () => {
    const user = await seedUser(database.db);
    await sendOtp(user.email);
    clock.advance(45_000);
    const res = await sendOtp(user.email);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("15");
    expect(await bodyOf(res)).toEqual({
      status: "error",
      message: "Too many requests. Please wait and try again.",
      data: { reason: "rateLimited", retryAfter: 15 },
    });
    clock.advance(15_000);
    expect((await sendOtp(user.email)).status).toBe(200);
  });

  it("sends at most 5 codes an hour to one e-mail from one client, across purposes", async () => {
    const user = await seedUser(database.db);
    const first = clock.now();
    for (let sent = 1; sent <= 5; sent++) {
      const res = sent === 3 ? await t.post("/user/forgotPassword", { body: { email: user.email } }) : await sendOtp(user.email);
      expect(res.status, `code ${sent}`).toBe(200);
      // The 5th answer already says the next one must wait for the first to leave the hour.
      if (sent === 5) expect((await bodyOf(res)).data?.resendAfter).toBe(60 * 60 - 4 * 61);
      clock.advance(61_000);
    }
    const refused = await sendOtp(user.email);
    expect(refused.status).toBe(429);
    const retryAfter = (await bodyOf(refused)).data?.retryAfter as number;
    expect(retryAfter).toBe((first.getTime() + 60 * MINUTE - clock.now().getTime()) / 1000);
    clock.advance(retryAfter * 1000);
    expect((await sendOtp(user.email)).status).toBe(200);
  });

  it("sends at most 20 codes an hour from one address, to any e-mails", async () => {
    for (let sent = 1; sent <= 20; sent++) expect((await sendOtp(uniqueEmail(), {}, "198.51.100.20")).status).toBe(200);
    const refused = await sendOtp(uniqueEmail(), {}, "198.51.100.20");
    expect(refused.status).toBe(429);
    expect((await bodyOf(refused)).data).toEqual({ reason: "rateLimited", retryAfter: 3600 });
    expect((await sendOtp(uniqueEmail(), {}, "198.51.100.21")).status).toBe(200);
  });
});

describe("POST /user/verifyotp", () => {
  it("signs in with a new session, marks the e-mail verified, and consumes the code", async () => {
    const user = await seedUser(database.db, { verified: false, password: null });
    const token = await tokenOf(await sendOtp(user.email));
    const code = await latestCode(database.db, user.email);
    clock.advance(MINUTE);
    const res = await verify(user.email, code, token);
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    expect(body).toMatchObject({ status: "success", message: "You are signed in." });
    expect(body.data).toEqual({
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      emailVerified: true,
      hasPassword: false,
      providers: [],
      pictureUrl: null,
      createdAt: user.createdAt.toISOString(),
      Token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toEqual(clock.now());
    const [session] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.data!.Token as string)));
    expect(session?.userId).toBe(user.id);
    expect((await t.post("/user/get-profile-by-id", { token: body.data!.Token as string })).status).toBe(200);

    // Single use: the same code again is dead.
    expect(await bodyOf(await verify(user.email, code, token))).toEqual({
      status: "error",
      message: "This code has expired or has already been used. Ask for a new one.",
      data: { reason: "codeExpired" },
    });
  });

  it("accepts the sign-up code with the sign-up's token, keeping its password, and gives each sign-in its own token", async () => {
    const email = uniqueEmail();
    const signedUp = await bodyOf(await t.post("/user/signup", { body: { fullName: "Rana", email, password: "a long enough password", ...CONSENT } }));
    const signupToken = (signedUp.data as { token: string }).token;
    const first = await bodyOf(await verify(email, await latestCode(database.db, email), signupToken));
    expect(first.data).toMatchObject({ email, emailVerified: true, hasPassword: true });
    expect((await t.post("/user/login", { body: { email, password: "a long enough password" } })).status).toBe(200);
    clock.advance(MINUTE);
    await sendOtp(email);
    const second = await bodyOf(await verify(email, await latestCode(database.db, email)));
    expect(second.data?.Token).not.toBe(first.data?.Token);
  });

  it("keeps the sign-up's token good through a resent code (the verify page's 'send a new code')", async () => {
    const email = uniqueEmail();
    const signedUp = await bodyOf(await t.post("/user/signup", { body: { fullName: "Rana", email, password: "a long enough password", ...CONSENT } }));
    clock.advance(MINUTE);
    await sendOtp(email);
    const verified = await bodyOf(await verify(email, await latestCode(database.db, email), (signedUp.data as { token: string }).token));
    expect(verified.data).toMatchObject({ emailVerified: true, hasPassword: true });
    expect((await userRowOf(email))?.signupTokenHashes).toBeNull();
  });

  it("drops a pending password the verifier did not choose: someone who signed up with your address first cannot log in once you verify", async () => {
    const email = uniqueEmail();
    // The attacker signs up with the victim's address and a password of their own.
    await t.post("/user/signup", { body: { fullName: "Mallory", email, password: "attacker chosen passphrase", ...CONSENT } });
    // The owner reads the code in their mailbox and verifies elsewhere, without that sign-up's token.
    const owner = await bodyOf(await verify(email, await latestCode(database.db, email)));
    expect(owner.data).toMatchObject({ email, emailVerified: true, hasPassword: false });
    expect((await userRowOf(email))?.passwordHash).toBeNull();
    const attacker = await t.post("/user/login", { body: { email, password: "attacker chosen passphrase" } });
    expect(attacker.status).toBe(400);
  });

  it("lets only one of two concurrent checks of the same code win", async () => {
    const user = await seedUser(database.db);
    await sendOtp(user.email);
    const code = await latestCode(database.db, user.email);
    const results = await Promise.all([verify(user.email, code), verify(user.email, code), verify(user.email, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it("expires a code after exactly 10 minutes", async () => {
    const user = await seedUser(database.db);
    await sendOtp(user.email);
    const code = await latestCode(database.db, user.email);
    clock.advance(10 * MINUTE - 1);
    expect((await verify(user.email, otherCode(code))).status).toBe(400);
    expect((await verify(user.email, code)).status).toBe(200);

    clock.advance(MINUTE);
    await sendOtp(user.email);
    const late = await latestCode(database.db, user.email);
    clock.advance(10 * MINUTE);
    expect(await bodyOf(await verify(user.email, late))).toMatchObject({ data: { reason: "codeExpired" } });
  });

  it("counts wrong tries and kills the code at the 5th, in the request's language", async () => {
    const user = await seedUser(database.db);
    await sendOtp(user.email);
    const code = await latestCode(database.db, user.email);
    for (let left = 4; left >= 0; left--) {
      const res = await verify(user.email, otherCode(code), undefined, "ar");
      expect(res.status).toBe(400);
      expect(await bodyOf(res)).toEqual({ status: "error", message: "هذا الرمز غير صحيح.", data: { reason: "codeInvalid", attemptsLeft: left } });
    }
    expect(await bodyOf(await verify(user.email, code, undefined, "ar"))).toEqual({
      status: "error",
      message: "انتهت صلاحية هذا الرمز أو سبق استخدامه. اطلب رمزًا جديدًا.",
      data: { reason: "codeExpired" },
    });
  });

  it("only the newest code lives: a new one supersedes the older", async () => {
    const user = await seedUser(database.db);
    await sendOtp(user.email);
    const older = await latestCode(database.db, user.email);
    clock.advance(MINUTE);
    await sendOtp(user.email);
    const newer = await latestCode(database.db, user.email);
    if (older !== newer) expect(await bodyOf(await verify(user.email, older))).toMatchObject({ data: { reason: "codeInvalid" } });
    expect((await verify(user.email, newer)).status).toBe(200);
  });

  it("refuses a token that is not the newest code's, without counting a try", async () => {
    const user = await seedUser(database.db);
    const oldToken = await tokenOf(await sendOtp(user.email));
    clock.advance(MINUTE);
    const newToken = await tokenOf(await sendOtp(user.email));
    const code = await latestCode(database.db, user.email);
    for (const token of [oldToken, "forged"]) {
      expect(await bodyOf(await verify(user.email, code, token))).toMatchObject({ data: { reason: "codeExpired" } });
    }
    expect((await verify(user.email, code, newToken)).status).toBe(200);
  });

  it("does not accept a password-reset code", async () => {
    const user = await seedUser(database.db);
    await t.post("/user/forgotPassword", { body: { email: user.email } });
    const resetCode = await latestCode(database.db, user.email);
    expect(await bodyOf(await verify(user.email, resetCode))).toMatchObject({ data: { reason: "codeExpired" } });
  });

  it("validates the body first and then changes nothing", async () => {
    const before = await database.db.select().from(emailCodes);
    const res = await t.post("/user/verifyotp", { body: { email: "x@example.com", otp: "12345", token: 7 }, lang: "ar" });
    expect(await bodyOf(res)).toEqual({
      status: "error",
      message: "بعض الحقول غير صالحة.",
      data: {
        reason: "validation",
        fields: { otp: "أدخل الرمز المكوَّن من 6 أرقام الوارد في البريد الإلكتروني.", token: "هذه القيمة غير صالحة." },
        fieldKeys: { otp: "code.format", token: "field.invalid" },
      },
    });
    expect(await database.db.select().from(emailCodes)).toEqual(before);
  });
});
