import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ATTEMPTS } from "../../../server/modules/auth/limits.ts";
import { pruneAuthRows } from "../../../server/modules/auth/prune.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { authAttempts, emailCodes, users } from "../../../server/modules/auth/schema.ts";
import { bodyOf, codeIn, HOUR, latestCode, mailsTo, MINUTE, otherCode, PASSWORD, seedSession, seedUser, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const NEW_PASSWORD = "a brand new passphrase";
const forgot = (email: string, extra: Record<string, unknown> = {}, app = t) => app.post("/user/forgotPassword", { body: { email, ...extra } });
const reset = (body: Record<string, unknown>, lang?: string) => t.post("/user/resetpassword", { body, lang });
const profile = (token: string) => t.post("/user/get-profile-by-id", { token });
const codesOf = async (email: string) => (await database.db.select().from(emailCodes).where(eq(emailCodes.email, email))).length;
const attemptsOf = async (email: string) => (await database.db.select().from(authAttempts).where(eq(authAttempts.account, email))).length;

describe("POST /user/forgotPassword", () => {
  it("answers the same for known, unverified and unknown e-mails, mailing only real accounts", async () => {
    const verified = await seedUser(database.db);
    const unverified = await seedUser(database.db, { verified: false });
    const unknown = uniqueEmail();
    for (const email of [verified.email, unverified.email, unknown]) {
      const res = await forgot(email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        status: "success",
        message: "If an account uses this address, we have e-mailed it a code to reset the password.",
        data: { email, resendAfter: 60, expiresIn: 600 },
      });
    }
    expect((await mailsTo(database.db, verified.email))[0]?.kind).toBe("reset");
    expect((await mailsTo(database.db, unverified.email))[0]?.kind).toBe("reset");
    expect(await mailsTo(database.db, unknown)).toEqual([]);
    // The same limits for an unknown e-mail: a second request within 60 s is refused.
    for (const email of [verified.email, unknown]) expect((await forgot(email)).status).toBe(429);
  });

  it("mails a code and a link to the request's origin, or to PUBLIC_URL when set", async () => {
    const user = await seedUser(database.db);
    await forgot(user.email);
    const [mail] = await mailsTo(database.db, user.email);
    const code = codeIn(mail!.text);
    expect(mail!.subject).toBe("Reset your Sarraf password");
    expect(mail!.text).toContain(`Your code is ${code}. It is valid for 10 minutes.`);
    expect(mail!.text).toContain(`http://localhost/reset-password?email=${encodeURIComponent(user.email)}&code=${code}`);

    const configured = createTestApp({ database, now: clock.now, env: { PUBLIC_URL: "https://sarraf.example/app/" } });
    clock.advance(MINUTE);
    await forgot(user.email, { locale: "ar" }, configured);
    const [arabic] = await mailsTo(database.db, user.email);
    const arabicCode = codeIn(arabic!.text);
    expect(arabic).toMatchObject({ locale: "ar", subject: "إعادة تعيين كلمة المرور في صرّاف" });
    expect(arabic!.text).toContain(`رمزك هو ${arabicCode}، وهو صالح لمدة 10 دقائق.`);
    expect(arabic!.text).toContain(`https://sarraf.example/app/reset-password?email=${encodeURIComponent(user.email)}&code=${arabicCode}`);
  });
});

describe("POST /user/resetpassword", () => {
  it("sets the new password, verifies the e-mail, and ends every session", async () => {
    const user = await seedUser(database.db, { verified: false });
    const sessions = [await seedSession(database.db, user, clock.now()), await seedSession(database.db, user, clock.now())];
    await forgot(user.email);
    const otp = await latestCode(database.db, user.email);
    const res = await reset({ email: user.email, otp, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "Your password has been reset. Log in with your new password.", data: null });
    for (const token of sessions) expect((await profile(token)).status).toBe(401);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toEqual(clock.now());
    expect(row!.passwordHash).not.toBe(user.passwordHash);
    expect((await t.post("/user/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(400);
    expect((await t.post("/user/login", { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
    // The code was single use.
    expect(await bodyOf(await reset({ email: user.email, otp, password: NEW_PASSWORD + "!" }))).toMatchObject({ data: { reason: "codeExpired" } });
  });

  it("counts a wrong code as a try and leaves the password alone", async () => {
    const user = await seedUser(database.db);
    await forgot(user.email);
    const otp = await latestCode(database.db, user.email);
    const res = await reset({ email: user.email, otp: otherCode(otp), password: NEW_PASSWORD }, "ar");
    expect(await res.json()).toEqual({ status: "error", message: "هذا الرمز غير صحيح.", data: { reason: "codeInvalid", attemptsLeft: 4 } });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBe(user.passwordHash);
  });

  it("refuses a weak password without touching the code, which still works afterwards", async () => {
    const user = await seedUser(database.db);
    await forgot(user.email);
    const otp = await latestCode(database.db, user.email);
    const codeBefore = await database.db.select().from(emailCodes).where(eq(emailCodes.email, user.email));
    for (const [password, message] of [
      ["qwerty123456", "This password is too common. Choose one that is harder to guess."],
      [`${user.email} is mine`, "The password must not contain your e-mail address."],
      ["too short", "Use at least 12 characters."],
    ]) {
      const res = await reset({ email: user.email, otp, password });
      expect(await res.json()).toMatchObject({
        status: "error",
        message: "Some fields are not valid.",
        data: { reason: "validation", fields: { password: message } },
      });
    }
    expect(await database.db.select().from(emailCodes).where(eq(emailCodes.email, user.email))).toEqual(codeBefore);
    expect((await reset({ email: user.email, otp, password: NEW_PASSWORD })).status).toBe(200);
  });

  it("lets one of two concurrent resets with the same code win: its password is set, the other is told the code is used", async () => {
    const user = await seedUser(database.db);
    await forgot(user.email);
    const otp = await latestCode(database.db, user.email);
    const passwords = ["first new passphrase", "second new passphrase"];
    const answers = await Promise.all(passwords.map((password) => reset({ email: user.email, otp, password })));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    const loser = answers.findIndex((res) => res.status === 400);
    expect(await bodyOf(answers[loser]!)).toMatchObject({ data: { reason: "codeExpired" } });
    const winner = passwords[1 - loser]!;
    expect((await t.post("/user/login", { body: { email: user.email, password: winner } })).status).toBe(200);
    expect((await t.post("/user/login", { body: { email: user.email, password: passwords[loser]! } })).status).toBe(400);
  });

  it("reopens password login closed by strangers' wrong passwords", async () => {
    const user = await seedUser(database.db);
    for (let i = 1; i <= ATTEMPTS.failuresPerAccount; i++) {
      await t.post("/user/login", { body: { email: user.email, password: "stranger's guess" }, address: `203.0.113.${i}` });
    }
    expect(await bodyOf(await t.post("/user/login", { body: { email: user.email, password: PASSWORD } }))).toMatchObject({ data: { reason: "codeRequired" } });
    await forgot(user.email);
    expect((await reset({ email: user.email, otp: await latestCode(database.db, user.email), password: NEW_PASSWORD })).status).toBe(200);
    expect((await t.post("/user/login", { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("expires the reset code after 10 minutes", async () => {
    const user = await seedUser(database.db);
    await forgot(user.email);
    const otp = await latestCode(database.db, user.email);
    clock.advance(10 * MINUTE);
    expect(await bodyOf(await reset({ email: user.email, otp, password: NEW_PASSWORD }))).toMatchObject({ data: { reason: "codeExpired" } });
  });

  it("answers an unknown e-mail like a wrong code", async () => {
    const unknown = uniqueEmail();
    await forgot(unknown);
    expect(await bodyOf(await reset({ email: unknown, otp: "123456", password: NEW_PASSWORD }))).toMatchObject({
      data: { reason: "codeInvalid", attemptsLeft: 4 },
    });
  });
});

describe("pruneAuthRows", () => {
  it("deletes code and attempt rows a day past every window, keeping the recent ones", async () => {
    const email = uniqueEmail();
    await forgot(email);
    await reset({ email, otp: "123456", password: NEW_PASSWORD });
    const recent = { codes: await codesOf(email), attempts: await attemptsOf(email) };
    expect(recent).toEqual({ codes: 1, attempts: 1 });
    await pruneAuthRows(database.db, new Date(clock.now().getTime() + 24 * HOUR));
    expect({ codes: await codesOf(email), attempts: await attemptsOf(email) }).toEqual(recent);
    await pruneAuthRows(database.db, new Date(clock.now().getTime() + 26 * HOUR));
    expect({ codes: await codesOf(email), attempts: await attemptsOf(email) }).toEqual({ codes: 0, attempts: 0 });
  });
});
