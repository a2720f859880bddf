import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ATTEMPTS } from "../../../server/modules/auth/limits.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { authAttempts, users } from "../../../server/modules/auth/schema.ts";
import { bodyOf, MINUTE, PASSWORD, seedSession, seedUser, TEST_SCRYPT, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const NEW_PASSWORD = "a brand new passphrase";
const userRow = async (id: string) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;
async function signedIn(options: Parameters<typeof seedUser>[1] = {}) {
  const user = await seedUser(database.db, { now: clock.now(), ...options });
  return { user, token: await seedSession(database.db, user, clock.now()) };
}

describe("POST /user/get-profile-by-id", () => {
  it("says whether the account has a password, and never shows the hash", async () => {
    for (const password of [PASSWORD, null]) {
      const { user, token } = await signedIn({ password });
      const text = await (await t.post("/user/get-profile-by-id", { token })).text();
      expect(JSON.parse(text).data).toMatchObject({ id: user.id, hasPassword: password !== null });
      expect(text).not.toContain("scrypt");
      expect(text).not.toMatch(/password_?hash/i);
    }
  });
});

describe("POST /user/update-profile", () => {
  it("renames the user, stores the language, bumps updated_at, and answers the new profile", async () => {
    const { user, token } = await signedIn();
    clock.advance(MINUTE);
    const res = await t.post("/user/update-profile", { token, body: { fullName: "  Samir Nasser  ", locale: "ar" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "success",
      message: "Your profile has been updated.",
      data: {
        id: user.id,
        email: user.email,
        fullName: "Samir Nasser",
        emailVerified: true,
        hasPassword: true,
        providers: [],
        pictureUrl: null,
        createdAt: user.createdAt.toISOString(),
      },
    });
    expect(await userRow(user.id)).toMatchObject({ fullName: "Samir Nasser", locale: "ar", updatedAt: clock.now() });
  });

  it("refuses an empty change, an unknown field and a blank name, changing nothing", async () => {
    const { user, token } = await signedIn();
    const before = await userRow(user.id);
    for (const [body, fields] of [
      [{}, { _: "Change at least one field." }],
      [{ fullName: "A", email: "other@example.com" }, { email: "This field is not expected here." }],
      [{ fullName: "   " }, { fullName: "Enter your name." }],
      [{ fullName: "x".repeat(101) }, { fullName: "Use at most 100 characters." }],
      [{ locale: "fr" }, { locale: "Choose English (en) or Arabic (ar)." }],
    ] as const) {
      const res = await t.post("/user/update-profile", { token, body });
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).data).toMatchObject({ reason: "validation", fields });
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it("needs a session", async () => {
    expect((await t.post("/user/update-profile", { body: { fullName: "X" } })).status).toBe(401);
  });
});

describe("POST /user/set-password", () => {
  it("gives an account made by code its first password", async () => {
    const { user, token } = await signedIn({ password: null });
    const res = await t.post("/user/set-password", { token, body: { password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({ message: "Your password has been set.", data: { id: user.id, hasPassword: true } });
    expect((await userRow(user.id)).passwordHash).toMatch(new RegExp(`^\\$scrypt\\$ln=${TEST_SCRYPT.logN},r=8,p=1\\$`));
    expect((await t.post("/user/login", { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("answers 409 passwordAlreadySet when there is one", async () => {
    const { token } = await signedIn();
    const res = await t.post("/user/set-password", { token, body: { password: NEW_PASSWORD }, lang: "ar" });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      status: "error",
      message: "لحسابك كلمة مرور بالفعل، فغيّرها بدلًا من تعيين أخرى.",
      data: { reason: "passwordAlreadySet" },
    });
  });

  it("applies the sign-up policy with the account's own e-mail", async () => {
    const { user, token } = await signedIn({ password: null, email: uniqueEmail("yasmin") });
    for (const [password, message] of [
      ["1QAZ2WSX3EDC", "This password is too common. Choose one that is harder to guess."],
      [`${user.email.split("@")[0]} forever`, "The password must not contain your e-mail address."],
      ["x".repeat(257), "Use at most 256 characters."],
    ]) {
      const res = await t.post("/user/set-password", { token, body: { password } });
      expect((await bodyOf(res)).data, password).toMatchObject({ reason: "validation", fields: { password: message } });
    }
    expect((await userRow(user.id)).passwordHash).toBeNull();
  });
});

describe("POST /user/changepassword", () => {
  it("changes it, keeps the current session and ends the others", async () => {
    const { user, token } = await signedIn();
    const other = await seedSession(database.db, user, clock.now());
    const res = await t.post("/user/changepassword", { token, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "success",
      message: "Your password has been changed, and your other sessions have been signed out.",
      data: null,
    });
    expect((await t.post("/user/get-profile-by-id", { token })).status).toBe(200);
    expect((await t.post("/user/get-profile-by-id", { token: other })).status).toBe(401);
    expect((await t.post("/user/login", { body: { email: user.email, password: NEW_PASSWORD } })).status).toBe(200);
  });

  it("answers 400 currentPasswordWrong and limits guesses like a login", async () => {
    const { user, token } = await signedIn();
    const wrong = await t.post("/user/changepassword", { token, body: { currentPassword: "not my password", newPassword: NEW_PASSWORD } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ status: "error", message: "Your current password is not correct.", data: { reason: "currentPasswordWrong" } });
    // Further failures as they would have been recorded, then the limit holds even for the right one.
    await database.db.insert(authAttempts).values(
      Array.from({ length: ATTEMPTS.failuresPerAccount - 1 }, () => ({
        action: "changepassword",
        account: user.email,
        address: "unknown",
        at: clock.now(),
        state: "failed",
      })),
    );
    const blocked = await t.post("/user/changepassword", { token, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(await blocked.json()).toMatchObject({ data: { reason: "rateLimited", retryAfter: 15 * 60 } });
    expect((await userRow(user.id)).passwordHash).toBe(user.passwordHash);
  });

  it("checks the new password's policy and that it differs from the current one", async () => {
    const { token } = await signedIn();
    for (const [newPassword, message] of [
      [PASSWORD, "The new password must be different from the current one."],
      ["qazwsxedc123", "This password is too common. Choose one that is harder to guess."],
      ["short", "Use at least 12 characters."],
    ]) {
      const res = await t.post("/user/changepassword", { token, body: { currentPassword: PASSWORD, newPassword } });
      expect((await bodyOf(res)).data, newPassword).toMatchObject({ reason: "validation", fields: { newPassword: message } });
    }
  });

  it("treats an account without a password as a wrong current password", async () => {
    const { token } = await signedIn({ password: null });
    const res = await t.post("/user/changepassword", { token, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(await bodyOf(res)).toMatchObject({ data: { reason: "currentPasswordWrong" } });
  });
});
