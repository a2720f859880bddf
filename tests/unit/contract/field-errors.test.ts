import { describe, expect, it } from "vitest";
import { fieldErrorsOf, loginSchema, signupSchema, TERMS_VERSION, updateProfileSchema, verifyOtpSchema } from "../../../contract/index.ts";

const errorsOf = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return { ...fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]) };
};

describe("fieldErrorsOf", () => {
  it("names keys called like Object.prototype members", () => {
    const body = JSON.parse('{"email":"a@example.com","password":"x","constructor":1,"toString":2,"__proto__":3,"hasOwnProperty":4}');
    // Compared as entries: an object literal's `__proto__:` would set a prototype, not a key.
    expect(Object.entries(errorsOf(loginSchema, body)).sort()).toEqual([
      ["__proto__", "field.unknown"],
      ["constructor", "field.unknown"],
      ["hasOwnProperty", "field.unknown"],
      ["toString", "field.unknown"],
    ]);
  });

  it("says a value that is not a string is not text; only a missing value is required", () => {
    expect(errorsOf(signupSchema, { fullName: 1, email: 2, password: 3, acceptedTerms: TERMS_VERSION })).toEqual({
      fullName: "field.notText",
      email: "field.notText",
      password: "field.notText",
    });
    expect(errorsOf(signupSchema, { fullName: null, email: [], password: {}, acceptedTerms: TERMS_VERSION })).toEqual({
      fullName: "field.notText",
      email: "field.notText",
      password: "field.notText",
    });
    for (const body of [null, ["x"], "text"]) expect(errorsOf(signupSchema, body)).toEqual({ _: "field.invalid" });
    expect(errorsOf(signupSchema, {})).toEqual({
      fullName: "name.required",
      email: "field.required",
      password: "field.required",
      acceptedTerms: "terms.required",
    });
    expect(errorsOf(verifyOtpSchema, { email: "a@example.com", otp: 123456, token: 1 })).toEqual({ otp: "field.notText", token: "field.invalid" });
    expect(errorsOf(updateProfileSchema, { fullName: 5 })).toEqual({ fullName: "field.notText" });
  });
});
