import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { pushSubscriptions } from "../../../server/modules/notifications/schema.ts";
import { PUSH_LIMITS } from "../../../contract/index.ts";
import { bodyOf, MINUTE, seedSession, seedUser } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

async function signedIn() {
  const user = await seedUser(database.db, { now: clock.now() });
  return { user, token: await seedSession(database.db, user, clock.now()) };
}

let tokens = 0;
const subscription = (overrides: Record<string, unknown> = {}) => ({
  token: `fcm-token-${++tokens}:APA91b${"x".repeat(140)}`,
  createdAt: Date.parse("2026-01-01T09:00:00Z"),
  endpoint: "https://fcm.googleapis.com/fcm/send/abc123",
  auth: "k3PmXJ3M4Q5m3cZKb2K6aw",
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  swScope: "http://localhost:3000/firebase-cloud-messaging-push-scope",
  vapidKey: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U",
  ...overrides,
});
const register = (token: string | undefined, body: unknown, lang?: string) => t.post("/user/push-token", { token, body, lang });
const rowsOf = (token: string) => database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.token, token));

describe("POST /user/push-token", () => {
  it("stores the signed-in user's subscription and answers success with no data", async () => {
    const { user, token } = await signedIn();
    const body = subscription();
    const res = await register(token, body);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ status: "success", message: "Notifications are set up on this device.", data: null });
    expect(await rowsOf(body.token)).toEqual([
      expect.objectContaining({
        userId: user.id,
        tokenCreatedAt: new Date(body.createdAt),
        endpoint: body.endpoint,
        auth: body.auth,
        p256dh: body.p256dh,
        swScope: body.swScope,
        vapidKey: body.vapidKey,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      }),
    ]);
  });

  it("updates the same token in place, and Web Push details are optional", async () => {
    const { token } = await signedIn();
    const body = subscription();
    await register(token, body);
    const registeredAt = clock.now();
    clock.advance(5 * MINUTE);
    const { endpoint: _e, auth: _a, p256dh: _p, ...bare } = body;
    const res = await register(token, { ...bare, createdAt: body.createdAt + 7 * 24 * 60 * MINUTE });
    expect(res.status).toBe(200);
    expect(await rowsOf(body.token)).toEqual([
      expect.objectContaining({ endpoint: null, auth: null, p256dh: null, createdAt: registeredAt, updatedAt: clock.now() }),
    ]);
  });

  it("moves a token another user registered to the user who sends it now", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const body = subscription();
    await register(first.token, body);
    await register(second.token, body);
    const rows = await rowsOf(body.token);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(second.user.id);
  });

  it("needs a session", async () => {
    const body = subscription();
    for (const token of [undefined, "not-a-session"]) {
      const res = await register(token, body);
      expect(res.status).toBe(401);
      expect(await bodyOf(res)).toMatchObject({ message: "Please log in to continue." });
    }
    expect(await rowsOf(body.token)).toEqual([]);
  });

  it("names every bad field in the request's language, and stores nothing", async () => {
    const { token } = await signedIn();
    const res = await register(
      token,
      subscription({
        token: "",
        createdAt: "yesterday",
        endpoint: "http://push.example/insecure",
        auth: "not base64url!",
        p256dh: "x".repeat(PUSH_LIMITS.key + 1),
        swScope: undefined,
        vapidKey: 42,
        extra: true,
      }),
      "ar",
    );
    expect(res.status).toBe(400);
    expect(await bodyOf(res)).toEqual({
      status: "error",
      message: "بعض الحقول غير صالحة.",
      data: {
        reason: "validation",
        fields: {
          token: "هذا الحقل مطلوب.",
          createdAt: "هذه القيمة غير صالحة.",
          endpoint: "هذه القيمة غير صالحة.",
          auth: "هذه القيمة غير صالحة.",
          p256dh: "هذه القيمة غير صالحة.",
          swScope: "هذا الحقل مطلوب.",
          vapidKey: "أدخل نصًا هنا.",
          extra: "هذا الحقل غير متوقَّع هنا.",
        },
        fieldKeys: {
          token: "field.required",
          createdAt: "field.invalid",
          endpoint: "field.invalid",
          auth: "field.invalid",
          p256dh: "field.invalid",
          swScope: "field.required",
          vapidKey: "field.notText",
          extra: "field.unknown",
        },
      },
    });
  });

  it("says which fields are not text, rather than calling them required", async () => {
    const { token } = await signedIn();
    const res = await register(
      token,
      subscription({ token: 5, endpoint: 1, auth: true, p256dh: null, swScope: ["/"], vapidKey: { key: "x" }, createdAt: "1" }),
    );
    expect(res.status).toBe(400);
    expect(((await bodyOf(res)).data as { fields: object }).fields).toEqual({
      token: "Enter text here.",
      endpoint: "Enter text here.",
      auth: "Enter text here.",
      p256dh: "Enter text here.",
      swScope: "Enter text here.",
      vapidKey: "Enter text here.",
      createdAt: "This value is not valid.",
    });
    const missing = await register(token, { createdAt: 1 });
    expect(((await bodyOf(missing)).data as { fields: object }).fields).toEqual({
      token: "This field is required.",
      swScope: "This field is required.",
      vapidKey: "This field is required.",
    });
  });

  it("refuses values past their bounds", async () => {
    const { token } = await signedIn();
    for (const [field, value] of [
      ["token", "t".repeat(PUSH_LIMITS.token + 1)],
      ["endpoint", `https://push.example/${"e".repeat(PUSH_LIMITS.endpoint)}`],
      ["swScope", "s".repeat(PUSH_LIMITS.swScope + 1)],
      ["vapidKey", "v".repeat(PUSH_LIMITS.vapidKey + 1)],
      ["createdAt", -1],
      ["createdAt", 1.5],
    ] as const) {
      const res = await register(token, subscription({ [field]: value }));
      expect(res.status, field).toBe(400);
      expect(Object.keys(((await bodyOf(res)).data as { fields: object }).fields), field).toEqual([field]);
    }
    const longest = subscription({ token: "t".repeat(PUSH_LIMITS.token), swScope: "s".repeat(PUSH_LIMITS.swScope) });
    expect((await register(token, longest)).status).toBe(200);
  });
});
