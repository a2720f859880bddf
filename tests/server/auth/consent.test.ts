import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TERMS_VERSION } from "../../../contract/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { emailCodes, users } from "../../../server/modules/auth/schema.ts";
import { bodyOf, CONSENT, countingHasher, latestCode, MINUTE, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

// The sign-up's consent to the Terms of Service, Privacy Policy and Risk Disclosure: required,
// only for the current version, and recorded with the server's own time.
let database: Database;
let t: TestApp;
const counting = countingHasher();
const clock = appOverTestDatabase((suite) => ({ database, t } = suite), { hasher: counting.hasher });

const PASSWORD = "a long enough password";
const signup = (body: Record<string, unknown>, lang?: string) => t.post("/user/signup", { body: { fullName: "Nadia", password: PASSWORD, ...body }, lang });
const userRow = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];
const codeRows = async (email: string) => database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
const consentOf = async (email: string) => {
  const row = await userRow(email);
  return { termsVersion: row?.termsVersion, termsAcceptedAt: row?.termsAcceptedAt };
};

async function refusal(res: Response) {
  expect(res.status).toBe(400);
  const body = await bodyOf(res);
  expect(body.data?.reason).toBe("validation");
  return body.data?.fields as Record<string, string>;
}

describe("the sign-up's consent", () => {
  it.each([
    ["missing", {}, "en", "Accept the Terms of Service and the Privacy Policy to create an account."],
    ["unticked (empty)", { acceptedTerms: "" }, "ar", "اقبل شروط الخدمة وسياسة الخصوصية لإنشاء حساب."],
    ["false", { acceptedTerms: false }, "en", "Accept the Terms of Service and the Privacy Policy to create an account."],
    [
      "an older version",
      { acceptedTerms: "2020-01-01" },
      "en",
      "Our terms have changed since this page was opened. Reload the page, read the new terms and accept them.",
    ],
    ["an older version", { acceptedTerms: "2020-01-01" }, "ar", "تغيّرت شروطنا منذ فتح هذه الصفحة. أعد تحميل الصفحة واقرأ الشروط الجديدة ثم اقبلها."],
  ])("refuses a sign-up whose consent is %s (%s) with a field error, and stores and sends nothing", async (_case, consent, lang, message) => {
    const email = uniqueEmail();
    const hashes = counting.calls.hash;
    expect(await refusal(await signup({ email, ...consent }, lang))).toEqual({ acceptedTerms: message });
    expect(await userRow(email)).toBeUndefined();
    expect(await codeRows(email)).toEqual([]);
    expect(counting.calls.hash).toBe(hashes);
  });

  it("takes the time from the server's clock only: a time sent by the client is an unknown field", async () => {
    const email = uniqueEmail();
    const fields = await refusal(await signup({ email, ...CONSENT, termsAcceptedAt: "2020-01-01T00:00:00Z" }));
    expect(fields).toEqual({ termsAcceptedAt: "This field is not expected here." });
    expect(await userRow(email)).toBeUndefined();
  });

  it("is recorded on the pending account with the version and the server's time, and stays on the account verified with the sign-up's token", async () => {
    const email = uniqueEmail();
    const signedUpAt = clock.now();
    const signedUp = await bodyOf(await signup({ email, ...CONSENT }));
    expect(await consentOf(email)).toEqual({ termsVersion: TERMS_VERSION, termsAcceptedAt: signedUpAt });

    clock.advance(MINUTE);
    const verified = await t.post("/user/verifyotp", { body: { email, otp: await latestCode(database.db, email), token: signedUp.data!.token } });
    expect((await bodyOf(verified)).data).toMatchObject({ emailVerified: true, hasPassword: true });
    const row = await userRow(email);
    expect(row?.emailVerifiedAt).toEqual(clock.now());
    expect(await consentOf(email)).toEqual({ termsVersion: TERMS_VERSION, termsAcceptedAt: signedUpAt });
  });

  it("is renewed by a later sign-up of the same unverified account, at that sign-up's time", async () => {
    const email = uniqueEmail();
    await signup({ email, ...CONSENT });
    const later = clock.advance(2 * MINUTE);
    expect((await signup({ email, ...CONSENT, fullName: "Nadia K." })).status).toBe(200);
    expect(await consentOf(email)).toEqual({ termsVersion: TERMS_VERSION, termsAcceptedAt: later });
  });

  it("is dropped with the password when someone verifies without the sign-up's token: they never ticked the box", async () => {
    const email = uniqueEmail();
    await signup({ email, ...CONSENT });
    const owner = await t.post("/user/verifyotp", { body: { email, otp: await latestCode(database.db, email) } });
    expect((await bodyOf(owner)).data).toMatchObject({ emailVerified: true, hasPassword: false });
    expect(await consentOf(email)).toEqual({ termsVersion: null, termsAcceptedAt: null });
  });

  it("is dropped when a password reset proves the address of a pending account instead", async () => {
    const email = uniqueEmail();
    await signup({ email, ...CONSENT });
    clock.advance(MINUTE);
    expect((await t.post("/user/forgotPassword", { body: { email } })).status).toBe(200);
    const reset = await t.post("/user/resetpassword", { body: { email, otp: await latestCode(database.db, email), password: "another long passphrase" } });
    expect(reset.status).toBe(200);
    const row = await userRow(email);
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(row?.passwordHash).not.toBeNull();
    expect(await consentOf(email)).toEqual({ termsVersion: null, termsAcceptedAt: null });
    expect((await t.post("/user/login", { body: { email, password: "another long passphrase" } })).status).toBe(200);
  });

  it("leaves a verified account's own record as it was when someone signs up with its address", async () => {
    const email = uniqueEmail();
    const signedUp = await bodyOf(await signup({ email, ...CONSENT }));
    await t.post("/user/verifyotp", { body: { email, otp: await latestCode(database.db, email), token: signedUp.data!.token } });
    const before = await consentOf(email);
    clock.advance(2 * MINUTE);
    expect((await signup({ email, ...CONSENT, fullName: "Someone Else" })).status).toBe(200);
    expect(await consentOf(email)).toEqual(before);
  });
});
