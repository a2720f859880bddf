import { describe, expect, it } from "vitest";
import { fieldErrorKeys } from "../../../contract/index.ts";
import { catalogs } from "../../../server/platform/i18n/index.ts";
import { bodyOf, PASSWORD, seedSession, seedUser } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";
import type { Database } from "../../../server/platform/db/open.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

/** A 400 validation answer's data, with its fields and their keys. */
async function validationData(res: Response) {
  expect(res.status).toBe(400);
  const data = (await bodyOf(res)).data as { reason: string; fields: Record<string, string>; fieldKeys: Record<string, string> };
  expect(data.reason).toBe("validation");
  return data;
}

// The SPA keeps a refusal as keys and translates them in the language active when it shows them
// (the user may switch language after the answer); data.fields stays for clients that show text.
describe("validation errors carry the issue key of every field they name", () => {
  it.each(["en", "ar"] as const)("from a route's schema (%s)", async (lang) => {
    const data = await validationData(await t.post("/user/signup", { lang, body: { fullName: "", email: "not an address", password: "short" } }));
    expect(Object.keys(data.fieldKeys).sort()).toEqual(Object.keys(data.fields).sort());
    expect(data.fieldKeys).toMatchObject({ fullName: "name.required", email: "email.invalid", password: "password.tooShort" });
    expect(data.fields.email).toBe(catalogs[lang]["email.invalid"]);
  });

  it("from a further check of a field the schema accepted, whose text says more than its key", async () => {
    const user = await seedUser(database.db);
    const token = await seedSession(database.db, user, clock.now());
    const data = await validationData(await t.post("/user/changepassword", { token, body: { currentPassword: PASSWORD, newPassword: "aaaaaaaaaaaa" } }));
    expect(data.fieldKeys).toEqual({ newPassword: "password.weak" });
    // The text goes on with the estimator's advice; the key is the problem alone.
    expect(data.fields.newPassword?.startsWith(`${catalogs.en["password.weak"]} `)).toBe(true);
  });

  it("from the body check that runs before every route (control characters), with fields named like Object members", async () => {
    const data = await validationData(await t.post("/user/login", { body: { email: "a\u0007@example.com", constructor: "x\u0000", password: "p" } }));
    expect(data.fieldKeys).toEqual({ email: "field.controlCharacters", constructor: "field.controlCharacters" });
    expect(Object.keys(data.fields).sort()).toEqual(["constructor", "email"]);
  });

  it("names only keys of the contract", async () => {
    const data = await validationData(await t.post("/user/login", { body: { email: 42, extra: true } }));
    for (const key of Object.values(data.fieldKeys)) expect(fieldErrorKeys).toContain(key);
    expect(Object.keys(data.fieldKeys).sort()).toEqual(Object.keys(data.fields).sort());
  });
});
