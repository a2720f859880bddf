import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { users } from "../../../server/modules/auth/schema.ts";
import { catalogs, type MessageId } from "../../../server/platform/i18n/index.ts";
import { routeList, TERMS_VERSION } from "../../../contract/index.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp({ database, env: { BODY_LIMIT_BYTES: "1024" } });
});
afterAll(() => database.close());

// Each failure the API can produce by itself, with the status and message id it must answer.
const failures: { name: string; status: number; id: MessageId; send: (lang: string) => Response | Promise<Response> }[] = [
  {
    name: "malformed JSON",
    status: 400,
    id: "error.malformedJson",
    send: (lang) =>
      t.app.request("/api/v1/user/social-login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": lang },
        body: '{"email": ',
      }),
  },
  {
    name: "invalid UTF-8 (a stray byte and an overlong NUL)",
    status: 400,
    id: "error.invalidUtf8",
    send: (lang) =>
      t.app.request("/api/v1/user/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": lang },
        body: new Uint8Array([...Buffer.from('{"email":"a'), 0xff, 0xc0, 0x80, ...Buffer.from('@example.com","password":"x"}')]),
      }),
  },
  {
    name: "wrong content type",
    status: 415,
    id: "error.unsupportedMediaType",
    send: (lang) => t.app.request("/api/v1/health", { method: "POST", headers: { "Content-Type": "text/plain", "Accept-Language": lang }, body: "hello" }),
  },
  { name: "unknown API path", status: 404, id: "error.notFound", send: (lang) => t.post("/no/such/call", { lang }) },
  {
    name: "oversized body",
    status: 413,
    id: "error.payloadTooLarge",
    send: (lang) => t.post("/health", { lang, body: { pad: "x".repeat(2000) } }),
  },
  { name: "missing token", status: 401, id: "error.unauthorized", send: (lang) => t.post("/user/get-profile-by-id", { lang }) },
  {
    name: "wrong method on a known path",
    status: 405,
    id: "error.methodNotAllowed",
    send: (lang) => t.app.request("/api/v1/user/logout", { headers: { "Accept-Language": lang } }),
  },
];

describe.each(failures)("$name", ({ status, id, send }) => {
  it.each([
    ["en", "en"],
    ["ar", "ar"],
    ["ar-EG,ar;q=0.9,en;q=0.8", "ar"],
    ["fr-FR, en;q=0.5", "en"],
  ] as const)("answers %s with the %s message in the error envelope", async (header, locale) => {
    const res = await send(header);
    expect(res.status).toBe(status);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(res.headers.get("Content-Language")).toBe(locale);
    const body = await res.json();
    expect(body).toEqual({ status: "error", message: catalogs[locale][id] });
  });
});

describe("API surface", () => {
  it("builds every path of the contract (none answers 501 any more), each answering an empty body as its kind should", async () => {
    // Built calls answer an empty body with 401 (they need a session) or 400 (validation).
    const signedIn = [
      "/user/get-profile-by-id",
      "/user/logout",
      "/user/update-profile",
      "/user/set-password",
      "/user/changepassword",
      "/user/get-price",
      "/user/add-fav-token",
      "/user/dashboard-market-info",
      "/user/transactions-history",
      "/user/swipelux/quote",
      "/user/swipelux/sendOrder",
      "/user/swipelux/status",
      "/user/swipelux/cancel",
      "/user/balances",
      "/user/trade/quote",
      "/user/trade/accept",
      "/user/sell/sendOrder",
      "/user/portfolio",
      "/user/portfolio/value",
      "/user/buy-sell-report",
      "/file/add",
      "/user/uploadProfileImage",
      "/user/vault/withdraw",
      "/withdraw/list",
      "/withdraw/add",
      "/withdraw/update",
      "/withdraw/delete",
      "/user/check-kyc-verification",
      "/user/kyc/details",
      "/user/kyc/submit",
    ];
    // Public market reads (the list needs no body; the others default what they can and answer from the price
    // snapshot), contact and newsletter (the form's start token needs no body; the rest validate), page views.
    const market = {
      "/currency/list": 200,
      "/market/tickers": 200,
      "/market/price-history": 400,
      "/contactus/start": 200,
      "/contactus/add": 400,
      "/subscriber/add": 400,
      "/subscriber/confirm": 400,
      "/subscriber/unsubscribe": 400,
      "/pageview/add": 400,
      // The public content reads: a list needs nothing (the request's language), one page its slug.
      "/blog/get-blog-withFilter": 200,
      "/blog/get-blog-by-slug": 400,
      "/partner/list": 200,
      "/partner/get-by-slug": 400,
    } as Record<string, number>;
    const open = ["/user/signup", "/user/login", "/user/sendotp", "/user/verifyotp", "/user/forgotPassword", "/user/resetpassword", "/user/social-login"];
    const postable = routeList.filter((route) => route.methods.includes("POST") && route.name !== "health");
    expect(
      postable
        .filter((route) => route.status === "live")
        .map((route) => route.path)
        .sort(),
    ).toEqual([...signedIn, ...open, ...Object.keys(market), "/user/push-token"].sort());
    for (const { path } of postable) {
      const res = await t.post(path, { body: {} });
      expect(res.status, path).toBe(
        signedIn.includes(path) || path === "/user/push-token" ? 401 : open.includes(path) ? 400 : path in market ? market[path] : 501,
      );
    }
  });

  it("accepts +json media types and a charset parameter", async () => {
    for (const type of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const res = await t.app.request("/api/v1/health", { method: "POST", headers: { "Content-Type": type }, body: "{}" });
      expect(res.status, type).toBe(200);
    }
  });

  it("names the allowed method on 405", async () => {
    const res = await t.app.request("/api/v1/user/logout", { method: "PUT" });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });

  it("treats a body exactly at the limit as allowed", async () => {
    const body = JSON.stringify({ pad: "" });
    const padded = JSON.stringify({ pad: "x".repeat(1024 - body.length) });
    expect(padded.length).toBe(1024);
    const res = await t.app.request("/api/v1/health", { method: "POST", headers: { "Content-Type": "application/json" }, body: padded });
    expect(res.status).toBe(200);
  });
});

describe("field errors", () => {
  const fieldsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    return ((await res.json()) as { data: { fields: Record<string, string> } }).data.fields;
  };
  const raw = (path: string, body: string, lang = "en") =>
    t.app.request(`/api/v1${path}`, { method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": lang }, body });

  it("name a key called like an Object.prototype member", async () => {
    for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "isPrototypeOf"]) {
      for (const lang of ["en", "ar"] as const) {
        // Sent as text: an object literal's __proto__ would set the prototype instead of a key.
        const fields = await fieldsOf(await raw("/user/login", `{"email":"trader@example.com","password":"a long enough password","${key}":1}`, lang));
        expect(Object.entries(fields), key).toEqual([[key, catalogs[lang]["field.unknown"]]]);
      }
    }
    const fields = await fieldsOf(
      await raw(
        "/user/signup",
        `{"constructor":1,"__proto__":{"x":1},"fullName":"A","email":"trader@example.com","password":"a long enough password","acceptedTerms":"${TERMS_VERSION}"}`,
      ),
    );
    expect(Object.keys(fields).sort()).toEqual(["__proto__", "constructor"]);
  });

  it("say a value that is not text is not text, and keep 'required' for a missing one", async () => {
    for (const lang of ["en", "ar"] as const) {
      const notText = catalogs[lang]["field.notText"];
      const wrong = await fieldsOf(await raw("/user/signup", JSON.stringify({ fullName: 7, email: 42, password: true, acceptedTerms: TERMS_VERSION }), lang));
      expect(wrong).toEqual({ fullName: notText, email: notText, password: notText });
      const nulls = await fieldsOf(await raw("/user/login", JSON.stringify({ email: null, password: ["a long enough password"] }), lang));
      expect(nulls).toEqual({ email: notText, password: notText });
      const otp = await fieldsOf(await raw("/user/verifyotp", JSON.stringify({ email: { at: "x" }, otp: 123456, token: 5 }), lang));
      expect(otp).toEqual({ email: notText, otp: notText, token: catalogs[lang]["field.invalid"] });
      const missing = await fieldsOf(await raw("/user/signup", "{}", lang));
      expect(missing).toEqual({
        fullName: catalogs[lang]["name.required"],
        email: catalogs[lang]["field.required"],
        password: catalogs[lang]["field.required"],
        acceptedTerms: catalogs[lang]["terms.required"],
      });
    }
  });
});

describe("unexpected failures", () => {
  it("answer 500 in the envelope, log the stack with the request id, and leak nothing", async () => {
    const broken = await openTestDatabase();
    const b = createTestApp({ database: broken });
    await broken.close();
    const res = await b.post("/user/get-profile-by-id", { token: "a".repeat(43), lang: "ar" });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ status: "error", message: catalogs.ar["error.internal"] });
    expect(text).not.toMatch(/at |Error|stack/);
    const reqId = res.headers.get("X-Request-Id");
    const logged = b.logs.find((line) => line.msg === "unhandled");
    expect(logged).toMatchObject({ level: "error", reqId, path: "/api/v1/user/get-profile-by-id" });
    expect(JSON.stringify(logged)).toContain("stack");
  });

  it("log a failed query's kind, SQLSTATE and stack frames, never its query, bound values or detail", async () => {
    const b = createTestApp({ database });
    const secret = {
      email: `bound.${Date.now()}@example.com`,
      passwordHash: "$scrypt$ln=17,r=8,p=1$c2VjcmV0LXNhbHQtdmFsdWU$bm90LWEtcmVhbC1rZXktYnV0LWEtc2VjcmV0LW9uZQ",
      fullName: "Bound Value Name",
      signupTokenHash: "f36ea93a104a66788161556351aece6d7e9ae62db6aff75da3dc251a3382fd50",
    };
    await database.db.insert(users).values({ email: secret.email });
    // A route of this test only, outside /api so the app's own routes never answer it first; its
    // errors reach the app's real unhandled-error handler.
    b.app.post("/test-only/duplicate-user", async () => {
      await database.db.insert(users).values(secret); // unique violation: detail quotes the e-mail
      return new Response(null);
    });
    b.app.post("/test-only/bad-cast", async () => {
      await database.db.execute(sql`select ${secret.passwordHash}::int`); // the driver's message quotes the value
      return new Response(null);
    });
    for (const [path, code] of [
      ["/test-only/duplicate-user", "23505"],
      ["/test-only/bad-cast", "22P02"],
    ] as const) {
      const res = await b.app.request(path, { method: "POST" });
      expect(res.status, path).toBe(500);
      const logged = b.logs.find((line) => line.msg === "unhandled" && line.path === path);
      expect(logged, path).toMatchObject({ level: "error", reqId: res.headers.get("X-Request-Id"), err: { name: "DrizzleQueryError", code } });
      const text = JSON.stringify(logged);
      for (const value of [...Object.values(secret), "ln=17", "insert into", "::int", "params", "Key ("])
        expect(text, `${path}: ${value}`).not.toContain(value);
      expect((logged!.err as { stack: string }).stack).toMatch(/^\s+at /);
    }
  });
});
