import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fieldErrorKeys, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../../contract/index.ts";
import { SIGNUP_TOKENS_KEPT } from "../../../server/modules/auth/limits.ts";
import { parsePhc } from "../../../server/modules/auth/password.ts";
import { addSignupToken } from "../../../server/modules/auth/users.ts";
import { hashToken } from "../../../server/modules/auth/sessions.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { emailCodes, users } from "../../../server/modules/auth/schema.ts";
import { catalogs } from "../../../server/platform/i18n/index.ts";
import { translateFields } from "../../../server/platform/http/validate.ts";
import { bodyOf, CONSENT, codeIn, countingHasher, mailsTo, seedUser, TEST_SCRYPT, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const counting = countingHasher();
const clock = appOverTestDatabase((suite) => ({ database, t } = suite), { hasher: counting.hasher });

const signup = (body: unknown, lang?: string) => t.post("/user/signup", { body, lang });
const userRow = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];
const rowCounts = async () => ({
  users: (await database.db.select().from(users)).length,
  codes: (await database.db.select().from(emailCodes)).length,
});
const fields = async (res: Response) => {
  expect(res.status).toBe(400);
  const body = await bodyOf(res);
  expect(body.data?.reason).toBe("validation");
  return body.data?.fields as Record<string, string>;
};

describe("POST /user/signup validation", () => {
  it("names every bad field in English and in Arabic, and changes nothing", async () => {
    const before = await rowCounts();
    const bad = { fullName: " ", email: "not-an-email", password: "short", ...CONSENT };
    const en = await signup(bad, "en");
    expect(await bodyOf(en.clone())).toMatchObject({ status: "error", message: "Some fields are not valid." });
    expect(await fields(en)).toEqual({
      fullName: "Enter your name.",
      email: "Enter a valid e-mail address.",
      password: "Use at least 12 characters.",
    });
    const ar = await signup(bad, "ar");
    expect(await bodyOf(ar.clone())).toMatchObject({ message: "بعض الحقول غير صالحة." });
    expect(await fields(ar)).toEqual({
      fullName: "أدخل اسمك.",
      email: "أدخل عنوان بريد إلكتروني صالحًا.",
      password: "استخدم 12 حرفًا على الأقل.",
    });
    expect(await rowCounts()).toEqual(before);
    expect(counting.calls.hash).toBe(0);
  });

  it("refuses missing fields, unknown fields and a body that is not an object", async () => {
    expect(await fields(await signup({}))).toEqual({
      fullName: "Enter your name.",
      email: "This field is required.",
      password: "This field is required.",
      acceptedTerms: "Accept the Terms of Service and the Privacy Policy to create an account.",
    });
    const extra = await signup({ fullName: "A", email: uniqueEmail(), password: "a long enough password", ...CONSENT, isAdmin: true });
    expect(await fields(extra)).toEqual({ isAdmin: "This field is not expected here." });
    expect(await fields(await signup(["x"]))).toEqual({ _: "This value is not valid." });
  });

  it.each([
    [PASSWORD_MIN_LENGTH - 1, "password.tooShort"],
    [PASSWORD_MAX_LENGTH + 1, "password.tooLong"],
  ] as const)("refuses a %i-character password (%s)", async (length, key) => {
    const res = await signup({ fullName: "A", email: uniqueEmail(), password: "x".repeat(length - 1) + "y", ...CONSENT });
    expect((await fields(res)).password).toBe(translateFields("en", { password: key }).password);
  });

  it("measures length in code points after NFKC: 11 emoji are too short", async () => {
    const res = await signup({ fullName: "A", email: uniqueEmail(), password: "🔑".repeat(11), ...CONSENT });
    expect((await fields(res)).password).toBe("Use at least 12 characters.");
  });

  it("refuses passwords from the 10,000 most common, whatever their case", async () => {
    for (const password of ["qwerty123456", "QWERTY123456", "1q2w3e4r5t6y"]) {
      const res = await signup({ fullName: "A", email: uniqueEmail(), password, ...CONSENT }, "ar");
      expect((await fields(res)).password, password).toBe("كلمة المرور هذه شائعة جدًا. اختر كلمة مرور يصعب تخمينها.");
    }
  });

  it("refuses a password containing the e-mail or its local part", async () => {
    const email = uniqueEmail("mariam");
    for (const password of [`my ${email.toUpperCase()} pass`, `${email.split("@")[0]}-and-more`]) {
      const res = await signup({ fullName: "A", email, password, ...CONSENT });
      expect((await fields(res)).password).toBe("The password must not contain your e-mail address.");
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it("translates every field error key of the contract in both languages", () => {
    for (const key of fieldErrorKeys) {
      expect(catalogs.en[key], key).toBeTruthy();
      expect(catalogs.ar[key], key).toMatch(/[\u0600-\u06FF]/);
    }
    expect(translateFields("ar", { password: "password.tooLong", email: "email.tooLong", otp: "code.format", fullName: "name.tooLong" })).toEqual({
      password: "استخدم 256 حرفًا على الأكثر.",
      email: "لا يتجاوز عنوان البريد الإلكتروني 254 حرفًا.",
      otp: "أدخل الرمز المكوَّن من 6 أرقام الوارد في البريد الإلكتروني.",
      fullName: "استخدم 100 حرف على الأكثر.",
    });
  });
});

describe("POST /user/signup", () => {
  it.each([PASSWORD_MIN_LENGTH, 64, PASSWORD_MAX_LENGTH])("accepts a %i-character password and stores only its scrypt hash", async (length) => {
    const email = uniqueEmail();
    const password = "ab cd ".repeat(50).slice(0, length - 1) + "z";
    const res = await signup({ fullName: "  Omar Saleh ", email: ` ${email.toUpperCase()} `, password, ...CONSENT });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "success",
      message: "Check your e-mail: we sent you a code to confirm your address.",
      data: { email, resendAfter: 60, expiresIn: 600, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
    });
    const user = await userRow(email);
    expect(user).toMatchObject({ fullName: "Omar Saleh", emailVerifiedAt: null });
    // At the tests' cost (the policy's is checked in password.test.ts, through the app's default hasher).
    expect(user?.passwordHash).toMatch(new RegExp(`^\\$scrypt\\$ln=${TEST_SCRYPT.logN},r=8,p=1\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`));
    expect(parsePhc(user!.passwordHash!)).toMatchObject(TEST_SCRYPT);
    expect(user?.passwordHash).not.toContain(password);
  });

  it("creates the account unverified, e-mails a sign-up code, and answers no session Token (only the sign-up's token, stored hashed)", async () => {
    const email = uniqueEmail();
    const res = await signup({ fullName: "Huda", email, password: "a long enough password", ...CONSENT });
    const body = await bodyOf(res);
    expect(body.data).not.toHaveProperty("Token");
    const token = (body.data as { token: string }).token;
    expect((await userRow(email))?.signupTokenHashes).toEqual([hashToken(token)]);
    expect(JSON.stringify(await userRow(email))).not.toContain(token);
    const [mail] = await mailsTo(database.db, email);
    expect(mail).toMatchObject({ kind: "signup", locale: "en", subject: "Confirm your e-mail address for Sarraf" });
    expect(mail!.text).toMatch(/Your code is \d{6}\. It is valid for 10 minutes\./);
    codeIn(mail!.text);
  });

  it("writes the e-mail in the body's language, else the request's", async () => {
    const byHeader = uniqueEmail();
    await signup({ fullName: "A", email: byHeader, password: "a long enough password", ...CONSENT }, "ar-EG");
    const byBody = uniqueEmail();
    await signup({ fullName: "A", email: byBody, password: "a long enough password", locale: "ar", ...CONSENT }, "en");
    for (const email of [byHeader, byBody]) {
      const [mail] = await mailsTo(database.db, email);
      expect(mail).toMatchObject({ locale: "ar", subject: "أكّد عنوان بريدك الإلكتروني في صرّاف" });
      expect(mail!.text).toContain(`رمزك هو ${codeIn(mail!.text)}، وهو صالح لمدة 10 دقائق.`);
      expect((await userRow(email))?.locale).toBe("ar");
    }
  });

  it("answers alike for a new, an unverified and a verified address, and hashes in all three", async () => {
    const fresh = uniqueEmail();
    const unverified = await seedUser(database.db, { verified: false, fullName: "Old Name" });
    const verified = await seedUser(database.db, { verified: true, fullName: "Owner" });
    const hashesBefore = counting.calls.hash;
    const answers = [];
    for (const email of [fresh, unverified.email, verified.email]) {
      const res = await signup({ fullName: "New Name", email, password: "a long enough password", ...CONSENT });
      answers.push({ status: res.status, body: await res.json() });
      clock.advance(1000);
    }
    expect(counting.calls.hash - hashesBefore).toBe(3);
    const expected = (email: string) => ({
      status: 200,
      body: {
        status: "success",
        message: "Check your e-mail: we sent you a code to confirm your address.",
        data: { email, resendAfter: 60, expiresIn: 600, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      },
    });
    expect(answers).toEqual([expected(fresh), expected(unverified.email), expected(verified.email)]);

    // The unverified account takes the new name and password and gets a new code.
    const replaced = await userRow(unverified.email);
    expect(replaced).toMatchObject({ fullName: "New Name", emailVerifiedAt: null });
    expect(replaced?.passwordHash).not.toBe(unverified.passwordHash);
    expect((await mailsTo(database.db, unverified.email))[0]?.kind).toBe("signup");

    // The verified account is untouched; its owner is told, without a code.
    expect(await userRow(verified.email)).toEqual(verified);
    const [notice] = await mailsTo(database.db, verified.email);
    expect(notice).toMatchObject({ kind: "signupExisting", subject: "Someone tried to sign up with your e-mail address" });
    expect(notice!.text).toContain("log in instead, or reset your password");
    expect(notice!.text).toContain("http://localhost/login");
    expect(notice!.text).not.toMatch(/\d{6}/);
  });

  it("a different sign-up within 60 s is refused the same way for every kind of address, after one scrypt and no new hash", async () => {
    const verified = await seedUser(database.db);
    for (const email of [uniqueEmail(), verified.email]) {
      expect((await signup({ fullName: "A", email, password: "a long enough password", ...CONSENT })).status).toBe(200);
      clock.advance(59_000);
      const work = { ...counting.calls };
      for (const other of [
        { fullName: "A", email, password: "another long password", ...CONSENT },
        { fullName: "B", email, password: "a long enough password", ...CONSENT },
      ]) {
        const again = await signup(other);
        expect(again.status).toBe(429);
        expect(again.headers.get("Retry-After")).toBe("1");
        expect(await again.json()).toEqual({
          status: "error",
          message: "Too many requests. Please wait and try again.",
          data: { reason: "rateLimited", retryAfter: 1 },
        });
      }
      // Checking whether it repeats the pending one costs one scrypt, like a sign-up's hash.
      expect(counting.calls).toEqual({ hash: work.hash, verify: work.verify + 2 });
    }
  });

  it("the same sign-up again within 60 s (a double submit) answers like the first, sends nothing, and its token keeps the password too", async () => {
    const verified = await seedUser(database.db);
    const fresh = uniqueEmail();
    const secondTokens = new Map<string, [string, string]>();
    for (const email of [fresh, verified.email]) {
      const body = { fullName: "Double Submit", email, password: "a long enough password", ...CONSENT };
      const first = await bodyOf(await signup(body));
      const mails = (await mailsTo(database.db, email)).length;
      clock.advance(10_000);
      const work = { ...counting.calls };
      const again = await signup(body);
      expect(again.status).toBe(200);
      const second = await bodyOf(again);
      expect(second).toEqual({ ...first, data: { ...first.data, resendAfter: 50, expiresIn: 590, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
      expect(second.data?.token).not.toBe(first.data?.token);
      secondTokens.set(email, [first.data!.token as string, second.data!.token as string]);
      // One scrypt (the proof of the password), no second code and no second mail.
      expect(counting.calls).toEqual({ hash: work.hash, verify: work.verify + 1 });
      expect((await database.db.select().from(emailCodes).where(eq(emailCodes.email, email))).length).toBe(1);
      expect((await mailsTo(database.db, email)).length).toBe(mails);
    }
    // The verified account is untouched by either.
    expect(await userRow(verified.email)).toEqual(verified);
    // The new one holds both tokens, and the second keeps the password at verification.
    const [first, second] = secondTokens.get(fresh)!;
    expect((await userRow(fresh))!.signupTokenHashes).toEqual([hashToken(first), hashToken(second)]);
    const [mail] = await mailsTo(database.db, fresh);
    const signedIn = await t.post("/user/verifyotp", { body: { email: fresh, otp: codeIn(mail!.text), token: second } });
    expect((await bodyOf(signedIn)).data).toMatchObject({ emailVerified: true, hasPassword: true });
  });

  it("a new sign-up after the wait replaces the pending one's tokens with its own", async () => {
    const email = uniqueEmail();
    const first = await bodyOf(await signup({ fullName: "A", email, password: "a long enough password", ...CONSENT }));
    clock.advance(61_000);
    const later = await bodyOf(await signup({ fullName: "A", email, password: "a long enough password", ...CONSENT }));
    expect(later.data?.token).not.toBe(first.data?.token);
    expect((await userRow(email))!.signupTokenHashes).toEqual([hashToken(later.data!.token as string)]);
  });

  it(`keeps the newest ${SIGNUP_TOKENS_KEPT} tokens of one sign-up, and only while the account still holds its password`, async () => {
    const user = await seedUser(database.db, { verified: false });
    const hashes = Array.from({ length: SIGNUP_TOKENS_KEPT + 2 }, (_, i) => hashToken(`token ${i}`));
    for (const signupTokenHash of hashes) await addSignupToken(database.db, user.id, { passwordHash: user.passwordHash!, signupTokenHash });
    expect((await userRow(user.email))?.signupTokenHashes).toEqual(hashes.slice(2));
    // Replaced by another sign-up's password meanwhile: that one's tokens stay as they are.
    await addSignupToken(database.db, user.id, { passwordHash: "$scrypt$another", signupTokenHash: hashToken("late") });
    expect((await userRow(user.email))?.signupTokenHashes).toEqual(hashes.slice(2));
  });

  it("keeps users unique by e-mail whatever its case", async () => {
    const email = uniqueEmail();
    await signup({ fullName: "A", email, password: "a long enough password", ...CONSENT });
    clock.advance(61_000);
    await signup({ fullName: "B", email: email.toUpperCase(), password: "a long enough password", ...CONSENT });
    expect((await database.db.select().from(users).where(eq(users.email, email))).map((u) => u.fullName)).toEqual(["B"]);
  });
});
