import { describe, expect, it } from "vitest";
import { routeList } from "../../../contract/index.ts";
import { API_BASE } from "../../../server/app.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import type { User } from "../../../server/modules/auth/schema.ts";
import { catalogs } from "../../../server/platform/i18n/index.ts";
import { CONSENT, PASSWORD, seedSession, seedUser, uniqueEmail } from "../helpers/auth.ts";
import { tableFingerprinter } from "../helpers/fingerprint.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Every control character: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F). */
const CONTROL_CHARACTERS = [...range(0x00, 0x1f), 0x7f, ...range(0x80, 0x9f)].map((code) => String.fromCharCode(code));
const LANGUAGES = ["en", "ar"] as const;
const hex = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** The methods whose bodies the API reads (server/platform/http/json-body.ts). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** Every endpoint the app mounts under /api/v1 that takes a body, as the app itself lists them. */
function mountedEndpoints(app: TestApp["app"]): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const { method, path } of app.routes) {
    if (!BODY_METHODS.has(method) || !path.startsWith(`${API_BASE}/`) || /[*:]/.test(path)) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/**
 * A well-formed body per built endpoint: every string in it is a text field the test corrupts.
 * Endpoints not listed here (the spec paths answering 501) and those without fields get a
 * generic `note` field: the check must hold before any handler, whatever the endpoint.
 */
function sampleBodies(user: User): Record<string, Record<string, unknown>> {
  const email = uniqueEmail("control");
  return {
    "/user/signup": { fullName: "Layla Haddad", email, password: PASSWORD, locale: "en", ...CONSENT },
    "/user/login": { email: user.email, password: PASSWORD },
    "/user/sendotp": { email, locale: "ar" },
    "/user/verifyotp": { email, otp: "123456", token: "sign-up-token" },
    "/user/forgotPassword": { email: user.email, locale: "en" },
    "/user/resetpassword": { email: user.email, otp: "123456", password: "a brand new passphrase" },
    "/user/social-login": { code: "c".repeat(43) },
    "/user/get-profile-by-id": { id: user.id, _id: user.id },
    "/user/update-profile": { fullName: "Renamed Trader", locale: "ar" },
    "/user/set-password": { password: "a brand new passphrase" },
    "/user/changepassword": { currentPassword: PASSWORD, newPassword: "a brand new passphrase" },
    "/user/push-token": {
      token: "fcm-token:APA91bxxxxxxxx",
      createdAt: Date.parse("2026-01-01T09:00:00Z"),
      endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
      auth: "k3PmXJ3M4Q5m3cZKb2K6aw",
      p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u",
      swScope: "http://localhost:3000/firebase-cloud-messaging-push-scope",
      vapidKey: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
    },
  };
}

function withTextFields(sample: Record<string, unknown> | undefined): { body: Record<string, unknown>; fields: string[] } {
  const body = { ...sample };
  let fields = Object.keys(body).filter((field) => typeof body[field] === "string");
  if (fields.length === 0) {
    body.note = "plain text";
    fields = ["note"];
  }
  return { body, fields };
}

/** Every table's rows, fingerprinted: the before/after proof that a refusal changed nothing. */
const snapshot = async () => (await tableFingerprinter(database)).take();

const refusal = (lang: (typeof LANGUAGES)[number], field: string) => ({
  status: "error",
  message: catalogs[lang]["error.validation"],
  data: { reason: "validation", fields: { [field]: catalogs[lang]["field.controlCharacters"] }, fieldKeys: { [field]: "field.controlCharacters" } },
});

describe("control characters in request bodies", () => {
  it("are refused in every text field of every mounted endpoint: 400 naming the field in en and ar, nothing stored", { timeout: 300_000 }, async () => {
    const user = await seedUser(database.db, { fullName: "Seeded Trader", now: clock.now() });
    const token = await seedSession(database.db, user, clock.now());
    const samples = sampleBodies(user);
    const endpoints = mountedEndpoints(t.app);
    // The list comes from the app: every built route and every spec path answering 501.
    expect(endpoints.map((e) => e.path)).toEqual(expect.arrayContaining(Object.keys(samples).map((path) => API_BASE + path)));
    expect(endpoints.length).toBeGreaterThan(Object.keys(samples).length);

    const before = await snapshot();
    const failures: { at: string; status: number; detail: string }[] = [];
    let sent = 0;
    // Uploads take multipart forms, not JSON: their one field is a choice of a few words, and their
    // refusals (tests/server/files) include a form that is not one.
    const multipart = new Set(routeList.filter((route) => route.body === "multipart").map((route) => API_BASE + route.path));
    for (const { method, path } of endpoints) {
      if (multipart.has(path)) continue;
      const { body, fields } = withTextFields(samples[path.slice(API_BASE.length)]);
      for (const field of fields) {
        const value = body[field] as string;
        for (const lang of LANGUAGES) {
          await Promise.all(
            CONTROL_CHARACTERS.map(async (char) => {
              const corrupted = { ...body, [field]: value.slice(0, 2) + char + value.slice(2) };
              const res = await t.app.request(path, {
                method,
                headers: { "Content-Type": "application/json", "Accept-Language": lang, Authorization: `Bearer ${token}` },
                body: JSON.stringify(corrupted),
              });
              sent++;
              const answer = await res.json();
              const expected = refusal(lang, field);
              if (res.status !== 400 || JSON.stringify(answer) !== JSON.stringify(expected)) {
                failures.push({ at: `${method} ${path} ${field}`, status: res.status, detail: `${hex(char)} ${lang}: ${JSON.stringify(answer)}` });
              }
            }),
          );
        }
      }
    }
    // One line per endpoint and field that let something through: how often, with which statuses, and the first answer.
    const summary = new Map<string, string>();
    for (const { at, status, detail } of failures) {
      const same = failures.filter((f) => f.at === at);
      summary.set(
        at,
        `${at}: ${same.length} of ${CONTROL_CHARACTERS.length * LANGUAGES.length} not refused (statuses ${[...new Set(same.map((f) => f.status))].join(", ")}), first ${status} ${detail}`,
      );
    }
    expect([...summary.values()]).toEqual([]);
    expect(failures.filter((f) => f.status >= 500)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(endpoints.length * CONTROL_CHARACTERS.length * LANGUAGES.length);
    expect(await snapshot()).toEqual(before);

    // The snapshot does see writes: the same sign-up without the control character stores rows.
    const clean = await t.post("/user/signup", { body: samples["/user/signup"] });
    expect(clean.status).toBe(200);
    expect(await snapshot()).not.toEqual(before);
  });

  it("are refused in keys, and in strings and keys nested under a field, naming the top-level field", async () => {
    const user = await seedUser(database.db, { now: clock.now() });
    const token = await seedSession(database.db, user, clock.now());
    const before = await snapshot();
    const cases: [string, unknown, string][] = [
      ["/user/login", { email: user.email, password: PASSWORD, ["pass\u0000word"]: "x" }, "pass\u0000word"],
      ["/user/signup", { ["\u007f"]: 1 }, "\u007f"],
      ["/user/get-profile-by-id", { id: { nested: "a\u0000b" } }, "id"],
      ["/user/get-profile-by-id", { id: ["fine", ["a\u009fb"]] }, "id"],
      ["/user/get-profile-by-id", { _id: { ["k\u001bey"]: true } }, "_id"],
      ["/user/update-profile", ["Renamed\u0000"], "_"],
      ["/user/update-profile", "Renamed\u0085", "_"],
    ];
    for (const [path, body, field] of cases) {
      for (const lang of LANGUAGES) {
        const res = await t.post(path, { body, token, lang });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(await res.json()).toEqual(refusal(lang, field));
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("leave other text alone: Arabic, emoji, U+00A0 and U+2028 are not control characters", async () => {
    const user = await seedUser(database.db, { now: clock.now() });
    const token = await seedSession(database.db, user, clock.now());
    const fullName = "ليلى\u00a0حداد 🌙\u2028ok";
    const res = await t.post("/user/update-profile", { body: { fullName }, token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { fullName: string } }).data.fullName).toBe(fullName);
  });

  it("refuse a lone surrogate, which the database would silently turn into U+FFFD", async () => {
    const user = await seedUser(database.db, { now: clock.now() });
    const token = await seedSession(database.db, user, clock.now());
    const res = await t.app.request(`${API_BASE}/user/update-profile`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: '{"fullName":"Name \\ud800"}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ data: { fields: { fullName: catalogs.en["field.invalid"] } } });
  });
});
