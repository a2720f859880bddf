// The SPA's strength meter loads zxcvbn-ts its own way (dynamic imports of the ES modules) but must
// judge exactly as the server does (require of the same packages), or the form would accept what
// the server then refuses, or refuse what it would accept.
import { describe, expect, it } from "vitest";
import { fieldErrorsOf, resetPasswordSchema } from "../../../contract/index.ts";
import { passwordStrength } from "../../../server/modules/auth/password-strength.ts";
import { catalogs } from "../../../server/platform/i18n/index.ts";
import { loadedStrengthJudge, loadStrengthJudge } from "../../../src/shared/lib/strength.ts";
import { withStrengthCheck } from "../../../src/shared/ui/strength.ts";
import { strengthAdvice } from "../../../src/shared/ui/strengthTexts.ts";

const omar = ["omar.saleh@example.com", "Omar Saleh"];
const zubaida = ["zubaida.qarawi@mail.example", "Zubaida Qarawi"];

// Weak and strong, with and without the user's own data; repeats, sequences, keyboard rows,
// l33t, dates, names, Arabic, and a password past the judged length.
const PASSWORDS: [string, string[]][] = [
  ["password1234", []],
  ["aaaaaaaaaaaa", []],
  ["passwordpassword", []],
  ["123456789012", []],
  ["qwertyuiop12", []],
  ["1qaz2wsx3edc", []],
  ["zxcvbnm,./asdf", []],
  ["P@55w0rd!2024", []],
  ["m0nk3ym0nk3y", []],
  ["drowssapdrowssap", []],
  ["PASSWORDPASSWORD", []],
  ["michaeljordan", []],
  ["sarraf12345678", []],
  ["January 1 1990", []],
  ["Summer2024!!", []],
  ["harbour lantern", []],
  ["omarsaleh1985", omar],
  ["omar.saleh.example", omar],
  ["zubaidaqarawi2026", zubaida],
  ["ZubaidaQarawi99", zubaida],
  ["zubaidaqarawi2026", omar],
  ["violet harbour lantern", zubaida],
  ["كلمة سر طويلة جدا", []],
  ["a".repeat(64) + "x9!Qz#violet harbour lantern", []],
];

describe("the SPA's strength judge", () => {
  it("is not loaded until a form asks for it", () => {
    expect(loadedStrengthJudge()).toBeUndefined();
  });

  it("agrees with the server's on score, verdict, warning and suggestions", async () => {
    const judge = await loadStrengthJudge();
    expect(loadedStrengthJudge()).toBe(judge);
    const verdicts = new Set<string>();
    for (const [password, inputs] of PASSWORDS) {
      const { ms: _client, ...client } = judge(password, inputs);
      const { ms: _server, ...server } = passwordStrength(password, inputs);
      expect(client, `${password} ${inputs.join(" ")}`).toEqual(server);
      verdicts.add(`${client.score} ${client.warning ?? ""}`);
    }
    // The list exercises every score and several kinds of warning, not one case twenty times.
    expect(new Set([...verdicts].map((v) => v.split(" ")[0]))).toEqual(new Set(["0", "1", "2", "3", "4"]));
    expect(verdicts.size).toBeGreaterThanOrEqual(10);
  });

  it("has the server's English for every piece of advice", () => {
    const serverAdvice = Object.entries(catalogs.en).filter(([id]) => id.startsWith("strength."));
    expect(Object.keys(strengthAdvice).sort()).toEqual(serverAdvice.map(([id]) => id).sort());
    for (const [id, text] of serverAdvice) expect(strengthAdvice[id as keyof typeof strengthAdvice].message, id).toBe(text);
  });
});

describe("a form's check of a new password", () => {
  const reset = (email: string, password: string) => ({ email, otp: "123456", password });
  const errorsOf = (result: ReturnType<typeof resetPasswordSchema.safeParse>) => (result.success ? {} : fieldErrorsOf(result.error));

  it("leaves strength to the server until the judge has loaded", () => {
    const schema = withStrengthCheck(resetPasswordSchema, "password", undefined, (v) => [v.email ?? ""]);
    expect(schema.safeParse(reset("layla@example.com", "password1234")).success).toBe(true);
  });

  it("refuses what the server's judge refuses, with the user's own words, after the schema's own problems", async () => {
    const judge = await loadStrengthJudge();
    const schema = withStrengthCheck(resetPasswordSchema, "password", judge, (v) => [v.email ?? ""]);
    expect(errorsOf(schema.safeParse(reset("layla@example.com", "password1234")))).toEqual({ password: "password.weak" });
    expect(errorsOf(schema.safeParse(reset("zubaida.qarawi@mail.example", "zubaidaqarawi2026")))).toEqual({ password: "password.weak" });
    expect(schema.safeParse(reset("layla@example.com", "zubaidaqarawi2026")).success).toBe(true);
    // Another field's problem and a weak password are both reported; a password the schema refuses keeps its own reason.
    expect(errorsOf(schema.safeParse(reset("not-an-address", "password1234")))).toEqual({ email: "email.invalid", password: "password.weak" });
    expect(errorsOf(schema.safeParse(reset("layla@example.com", "aaaa")))).toEqual({ password: "password.tooShort" });
  });
});
