import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { passwordStrength, STRENGTH_MAX_LENGTH } from "../../../server/modules/auth/password-strength.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { users } from "../../../server/modules/auth/schema.ts";
import { catalogs, type MessageId } from "../../../server/platform/i18n/index.ts";
import { CONSENT, latestCode, PASSWORD, seedSession, seedUser, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const LANGUAGES = ["en", "ar"] as const;

/** What the API answers for a weak password: "too easy to guess", then zxcvbn's warning and suggestions. */
const weak = (lang: (typeof LANGUAGES)[number], ...advice: MessageId[]) => ["password.weak" as const, ...advice].map((id) => catalogs[lang][id]).join(" ");

const fieldsOf = async (res: Response) => {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { message: string; data: { reason: string; fields: Record<string, string> } };
  expect(body.data.reason).toBe("validation");
  return body.data.fields;
};

// The passwords the audit found accepted, with zxcvbn's advice for each.
const WEAK: [string, MessageId[]][] = [
  ["aaaaaaaaaaaa", ["strength.warning.simpleRepeat", "strength.suggestion.anotherWord", "strength.suggestion.repeated"]],
  ["passwordpassword", ["strength.warning.extendedRepeat", "strength.suggestion.anotherWord", "strength.suggestion.repeated"]],
  ["123456789012", ["strength.warning.common", "strength.suggestion.anotherWord"]],
  ["password1234", ["strength.warning.similarToCommon", "strength.suggestion.anotherWord"]],
];

describe("zxcvbn-ts", () => {
  it("loads its dictionaries on the first password check, not at start-up", async () => {
    // A server as a process starts it: modules loaded afresh (test files share a worker's modules,
    // and an earlier file may have checked a password already).
    vi.resetModules();
    const { strengthEstimatorLoaded } = await import("../../../server/modules/auth/password-strength.ts");
    const { createTestApp } = await import("../helpers/test-app.ts");
    const fresh = createTestApp({ database, now: clock.now });
    expect(strengthEstimatorLoaded()).toBe(false);
    // Calls that choose no password leave it unloaded.
    const user = await seedUser(database.db, { now: clock.now() });
    expect((await fresh.post("/user/login", { body: { email: user.email, password: PASSWORD } })).status).toBe(200);
    expect((await fresh.post("/user/sendotp", { body: { email: user.email } })).status).toBe(200);
    expect(strengthEstimatorLoaded()).toBe(false);
    expect((await fresh.post("/user/signup", { body: { fullName: "First Check", email: uniqueEmail(), password: PASSWORD, ...CONSENT } })).status).toBe(200);
    expect(strengthEstimatorLoaded()).toBe(true);
  });

  it("judges at most STRENGTH_MAX_LENGTH code points, so a check stays fast", () => {
    const strongStart = "violet harbour lantern quietly folds origami cranes at dawn 42";
    expect([...strongStart].length).toBeLessThanOrEqual(STRENGTH_MAX_LENGTH);
    expect(passwordStrength(strongStart + "a".repeat(200)).strong).toBe(true);
    expect(passwordStrength("a".repeat(STRENGTH_MAX_LENGTH) + "x9!Qz#violet harbour lantern").strong).toBe(false);
    // Worst cases we know (l33t symbols, digit runs, repeated patterns), at the longest password allowed.
    for (const password of ["4@8({[<63#9&1!|7^2n/0()$5+><%".repeat(9).slice(0, 256), "1234567890".repeat(26).slice(0, 256), "aB3$".repeat(64)]) {
      const started = performance.now();
      passwordStrength(password, ["someone@example.com", "Someone Else"]);
      // Generous: a few tens of ms on a quiet machine; the bound only catches an unbounded check (seconds).
      expect(performance.now() - started).toBeLessThan(1500);
    }
  });
});

describe("weak new passwords", () => {
  it("are refused at sign-up with zxcvbn's advice, in en and ar, and no account is made", async () => {
    for (const [password, advice] of WEAK) {
      for (const lang of LANGUAGES) {
        const email = uniqueEmail("weak");
        const fields = await fieldsOf(await t.post("/user/signup", { body: { fullName: "Omar Saleh", email, password, ...CONSENT }, lang }));
        expect(fields, `${password} ${lang}`).toEqual({ password: weak(lang, ...advice) });
        expect(await database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
      }
    }
  });

  it("are judged with the user's name and e-mail from the body", async () => {
    const email = uniqueEmail("zubaida");
    const body = { fullName: "Zubaida Qarawi", email, password: "zubaidaqarawi2026", ...CONSENT };
    expect(await fieldsOf(await t.post("/user/signup", { body, lang: "ar" }))).toEqual({
      password: weak("ar", "strength.warning.userInputs", "strength.suggestion.anotherWord"),
    });
    // The same password for someone else is fine.
    expect((await t.post("/user/signup", { body: { ...body, fullName: "Someone Else", email: uniqueEmail() } })).status).toBe(200);
  });

  it("are refused on reset, with the e-mail as context", async () => {
    const user = await seedUser(database.db, { email: "zubaida.qarawi@reset.example", now: clock.now() });
    await t.post("/user/forgotPassword", { body: { email: user.email } });
    const otp = await latestCode(database.db, user.email);
    for (const [password, advice] of [
      ...WEAK,
      ["zubaidaqarawi2026", ["strength.warning.userInputs", "strength.suggestion.anotherWord"]] as [string, MessageId[]],
    ]) {
      const fields = await fieldsOf(await t.post("/user/resetpassword", { body: { email: user.email, otp, password } }));
      expect(fields, password).toEqual({ password: weak("en", ...advice) });
    }
    // The code is still good for a strong password.
    expect((await t.post("/user/resetpassword", { body: { email: user.email, otp, password: "a brand new passphrase" } })).status).toBe(200);
  });

  it("are refused on reset with the account's name as context too, though the body has only the e-mail", async () => {
    const user = await seedUser(database.db, { email: "r.k@reset.example", fullName: "Rashida Kanaan", now: clock.now() });
    await t.post("/user/forgotPassword", { body: { email: user.email } });
    const otp = await latestCode(database.db, user.email);
    const fields = await fieldsOf(await t.post("/user/resetpassword", { body: { email: user.email, otp, password: "RashidaKanaan1990" } }));
    expect(fields).toEqual({ password: weak("en", "strength.warning.userInputs", "strength.suggestion.anotherWord") });
    expect((await t.post("/user/resetpassword", { body: { email: user.email, otp, password: "a brand new passphrase" } })).status).toBe(200);
  });

  it("are refused on set-password and changepassword, with the signed-in user's name as context", async () => {
    const codeOnly = await seedUser(database.db, { password: null, fullName: "Zubaida Qarawi", now: clock.now() });
    const withPassword = await seedUser(database.db, { fullName: "Zubaida Qarawi", now: clock.now() });
    const personal = "ZubaidaQarawi99";
    const personalAdvice: MessageId[] = ["strength.warning.userInputs", "strength.suggestion.anotherWord"];
    for (const lang of LANGUAGES) {
      const setToken = await seedSession(database.db, codeOnly, clock.now());
      for (const [password, advice] of [...WEAK, [personal, personalAdvice] as [string, MessageId[]]]) {
        expect(await fieldsOf(await t.post("/user/set-password", { body: { password }, token: setToken, lang })), password).toEqual({
          password: weak(lang, ...advice),
        });
      }
      const changeToken = await seedSession(database.db, withPassword, clock.now());
      for (const [password, advice] of [...WEAK, [personal, personalAdvice] as [string, MessageId[]]]) {
        const fields = await fieldsOf(
          await t.post("/user/changepassword", { body: { currentPassword: PASSWORD, newPassword: password }, token: changeToken, lang }),
        );
        expect(fields, password).toEqual({ newPassword: weak(lang, ...advice) });
      }
    }
    const [stored] = await database.db.select().from(users).where(eq(users.id, codeOnly.id));
    expect(stored!.passwordHash).toBeNull();
    const token = await seedSession(database.db, codeOnly, clock.now());
    expect((await t.post("/user/set-password", { body: { password: "a brand new passphrase" }, token })).status).toBe(200);
  });

  it("keep the earlier checks and their messages: length, common list, e-mail, same as current", async () => {
    const fields = await fieldsOf(await t.post("/user/signup", { body: { fullName: "A", email: uniqueEmail(), password: "qwerty123456", ...CONSENT } }));
    expect(fields).toEqual({ password: catalogs.en["password.common"] });
    const short = await fieldsOf(await t.post("/user/signup", { body: { fullName: "A", email: uniqueEmail(), password: "aaaa", ...CONSENT } }));
    expect(short.password).toBe("Use at least 12 characters.");
    const user = await seedUser(database.db, { now: clock.now() });
    const token = await seedSession(database.db, user, clock.now());
    const same = await fieldsOf(await t.post("/user/changepassword", { body: { currentPassword: PASSWORD, newPassword: PASSWORD }, token }));
    expect(same).toEqual({ newPassword: catalogs.en["password.same"] });
  });
});
