import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { runInNewContext } from "node:vm";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SOCIAL } from "../../../server/modules/auth/limits.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { oauthStates, socialIdentities, socialLoginCodes, users } from "../../../server/modules/auth/schema.ts";
import { ACK_TRIES, RESULT_SCRIPT, resultPage } from "../../../server/modules/auth/social/result-page.ts";
import { SOCIAL_PROVIDERS } from "../../../server/modules/auth/social/providers.ts";
import { standInSubject } from "../../../server/modules/auth/social/stand-in.ts";
import { bodyOf, MINUTE, seedUser, testClock, uniqueEmail } from "../helpers/auth.ts";
import { browser, formIn, listen } from "../helpers/browser.ts";
import { newRequestId, resultOf, signInWith } from "../helpers/social.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

// The whole flow over real HTTP, against the embedded OpenID provider standing in for all three.
let database: Database;
let t: TestApp;
let base: string;
let close: () => Promise<void>;
const clock = testClock();
const consoleLines: string[] = [];
beforeAll(async () => {
  for (const method of ["log", "info", "warn", "error"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleLines.push(args.map(String).join(" ")));
  }
  database = await openTestDatabase();
  t = createTestApp({ database, now: clock.now });
  const server = await listen(t.app);
  base = server.url;
  close = server.close;
});
beforeEach(() => void clock.nextTest());
afterAll(async () => {
  await close();
  await database.close();
  vi.restoreAllMocks();
});

const socialLogin = (code: string, lang?: string) => t.post("/user/social-login", { body: { code }, lang });
const codeOf = (result: ReturnType<typeof resultOf>) => {
  if (!("code" in result)) throw new Error(`no code: ${JSON.stringify(result)}`);
  return result.code;
};
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const S256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");
const logsOf = (msg: string) => t.logs.filter((line) => line.msg === msg);

describe("social sign-in through the stand-in", () => {
  it.each(SOCIAL_PROVIDERS)("%s: popup → provider's form → callback → one-time code → a session like /user/login", async (provider) => {
    const email = uniqueEmail(provider);
    const requestId = newRequestId();
    const { page, result } = await signInWith(base, provider, { email: email.toUpperCase(), name: "Amal Haddad", requestId });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(result).toEqual({ type: "sarraf.social", requestId, code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    const res = await socialLogin(codeOf(result));
    expect(res.status).toBe(200);
    const body = await bodyOf(res);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(body).toEqual({
      status: "success",
      message: "You are signed in.",
      data: {
        id: user!.id,
        email,
        fullName: "Amal Haddad",
        emailVerified: true,
        hasPassword: false,
        providers: [provider],
        pictureUrl: null,
        createdAt: user!.createdAt.toISOString(),
        Token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
    });
    expect(user).toMatchObject({ passwordHash: null, emailVerifiedAt: clock.now(), locale: "en" });
    const profile = await t.post("/user/get-profile-by-id", { token: body.data!.Token as string });
    expect(profile.status).toBe(200);
    expect((await bodyOf(profile)).data).toMatchObject({ id: user!.id, email });

    const identities = await database.db.select().from(socialIdentities).where(eq(socialIdentities.userId, user!.id));
    expect(identities).toEqual([
      expect.objectContaining({ provider, issuer: `${base}/oidc`, subject: standInSubject(provider, email), email, emailVerified: true }),
    ]);
  });

  it("knows the same e-mail at the same provider as the same user, by subject", async () => {
    const email = uniqueEmail("again");
    const first = await signInWith(base, "google", { email, name: "First Name" });
    const second = await signInWith(base, "google", { email, name: "Renamed At Google" });
    const one = await bodyOf(await socialLogin(codeOf(first.result)));
    const two = await bodyOf(await socialLogin(codeOf(second.result)));
    expect(two.data!.id).toBe(one.data!.id);
    expect(two.data!.Token).not.toBe(one.data!.Token);
    // The account keeps its own name: the provider's only names a new account.
    expect(two.data!.fullName).toBe("First Name");
    const [row] = await database.db
      .select({ value: count() })
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, one.data!.id as string));
    expect(row?.value).toBe(1);
  });

  it("never links by e-mail: an address in use answers emailTaken and changes nothing", async () => {
    const email = uniqueEmail("taken");
    await signInWith(base, "google", { email });
    const passwordUser = await seedUser(database.db, { email: uniqueEmail("password"), now: clock.now() });
    const usersBefore = (await database.db.select({ value: count() }).from(users))[0]!.value;
    const identitiesBefore = (await database.db.select({ value: count() }).from(socialIdentities))[0]!.value;

    for (const [provider, address] of [
      ["facebook", email],
      ["apple", passwordUser.email.toUpperCase()],
    ] as const) {
      const requestId = newRequestId();
      const { page, result } = await signInWith(base, provider, { email: address, requestId });
      expect(page.status).toBe(409);
      expect(result).toEqual({ type: "sarraf.social", requestId, error: "emailTaken" });
      expect(page.text).toContain("An account already uses this e-mail address.");
    }
    expect((await database.db.select({ value: count() }).from(users))[0]!.value).toBe(usersBefore);
    expect((await database.db.select({ value: count() }).from(socialIdentities))[0]!.value).toBe(identitiesBefore);
    expect(logsOf("social.emailTaken")).toHaveLength(2);
  });

  it("answers denied when the user cancels at the provider", async () => {
    const requestId = newRequestId();
    const { callback, page, result } = await signInWith(base, "facebook", { cancel: true, requestId });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(page.status).toBe(200);
    expect(result).toEqual({ type: "sarraf.social", requestId, error: "denied" });
    expect(page.text).toContain("Sign-in was cancelled.");
  });

  it("speaks the language the popup was started in, right to left for Arabic", async () => {
    // The SPA's choice (lang=ar) wins over the browser's for Sarraf's page, and reaches the
    // provider as OpenID Connect's ui_locales, which the stand-in's form follows.
    const chosen = await signInWith(base, "google", { lang: "en", uiLang: "ar", cancel: true });
    expect(chosen.form.text).toContain('<html lang="ar" dir="rtl">');
    for (const { page } of [chosen, await signInWith(base, "apple", { lang: "ar", cancel: true })]) {
      expect(page.text).toContain('<html lang="ar" dir="rtl">');
      expect(page.text).toContain("<title>تسجيل الدخول إلى صرّاف</title>");
      expect(page.text).toContain("أُلغي تسجيل الدخول.");
      expect(page.headers.get("content-language")).toBe("ar");
    }
  });
});

describe("the authorization request", () => {
  it("carries state, nonce and an S256 code challenge; only hashes and the verifier stay on the server", async () => {
    const requestId = newRequestId();
    const b = browser(base);
    const start = await b.request(`/auth/google/start?request=${requestId}`);
    expect(start.status).toBe(302);
    expect(start.headers.get("cache-control")).toBe("no-store");
    const url = new URL(start.location!);
    expect(url.origin + url.pathname).toBe(`${base}/oidc/auth`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toEqual({
      client_id: "sarraf-google",
      redirect_uri: `${base}/auth/callback`,
      response_type: "code",
      scope: "openid email profile",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: "S256",
      ui_locales: "en",
    });
    const [row] = await database.db
      .select()
      .from(oauthStates)
      .where(eq(oauthStates.stateHash, sha256(params.state!)));
    expect(row).toMatchObject({ provider: "google", requestId, nonce: params.nonce, redirectUri: `${base}/auth/callback`, locale: "en" });
    expect(S256(row!.codeVerifier)).toBe(params.code_challenge);
    expect(start.location).not.toContain(row!.codeVerifier);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(SOCIAL.stateTtlMs);

    const again = new URL((await b.request(`/auth/google/start?request=${requestId}`)).location!);
    for (const name of ["state", "nonce", "code_challenge"]) expect(again.searchParams.get(name)).not.toBe(params[name]);
  });

  it("is refused by the stand-in without PKCE, like any provider that requires it", async () => {
    const b = browser(base);
    const start = new URL((await b.request(`/auth/google/start?request=${newRequestId()}`)).location!);
    start.searchParams.delete("code_challenge");
    start.searchParams.delete("code_challenge_method");
    const refused = await b.request(start.href);
    const back = new URL(refused.location!);
    expect(back.origin + back.pathname).toBe(`${base}/auth/callback`);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    const page = await b.request(back.href);
    expect(resultOf(page.text)).toMatchObject({ error: "failed" });
    expect(logsOf("social.providerError").at(-1)).toMatchObject({ provider: "google", error: "invalid_request" });
  });

  it("answers failed for an unknown provider or a malformed request id, before any provider is involved", async () => {
    const b = browser(base);
    for (const [path, requestId] of [
      [`/auth/github/start?request=abcdefgh`, "abcdefgh"],
      [`/auth/google/start?request=short`, ""],
      [`/auth/google/start?request=${"x".repeat(101)}`, ""],
      [`/auth/google/start?request=bad%20id%3Cscript%3E`, ""],
      [`/auth/google/start`, ""],
    ] as const) {
      const page = await b.request(path);
      expect(page.status, path).toBe(400);
      expect(resultOf(page.text), path).toEqual({ type: "sarraf.social", requestId, error: "failed" });
    }
    expect(await database.db.select().from(oauthStates).where(eq(oauthStates.requestId, "abcdefgh"))).toEqual([]);
  });
});

describe("the callback", () => {
  it("takes a state once: a replayed callback fails without a request id", async () => {
    const { callback, result } = await signInWith(base, "google", { email: uniqueEmail("replay") });
    expect(result).toHaveProperty("code");
    const replay = await browser(base).request(callback.href);
    expect(replay.status).toBe(400);
    expect(resultOf(replay.text)).toEqual({ type: "sarraf.social", requestId: "", error: "failed" });
    expect(logsOf("social.stateUnknown")).not.toHaveLength(0);
  });

  it("refuses a state 10 minutes old, still answering its popup", async () => {
    const requestId = newRequestId();
    const late = await signInWith(base, "facebook", {
      email: uniqueEmail("late"),
      requestId,
      beforeCallback: () => void clock.advance(SOCIAL.stateTtlMs),
    });
    expect(late.result).toEqual({ type: "sarraf.social", requestId, error: "failed" });
    expect(logsOf("social.stateExpired").at(-1)).toMatchObject({ provider: "facebook" });
    const inTime = await signInWith(base, "facebook", {
      email: uniqueEmail("in-time"),
      beforeCallback: () => void clock.advance(SOCIAL.stateTtlMs - 1),
    });
    expect(inTime.result).toHaveProperty("code");
  });

  it("fails when the code exchange fails, and logs why", async () => {
    const requestId = newRequestId();
    const tampered = await signInWith(base, "google", {
      requestId,
      beforeCallback: (callback) => callback.searchParams.set("code", "not-the-code-the-provider-issued"),
    });
    expect(tampered.result).toEqual({ type: "sarraf.social", requestId, error: "failed" });
    expect(logsOf("social.exchangeFailed").at(-1)).toMatchObject({ provider: "google", kind: "standIn", err: expect.any(Object) });
  });
});

describe("POST /user/social-login", () => {
  it("takes a one-time code once, for 2 minutes", async () => {
    const email = uniqueEmail("code");
    const first = codeOf((await signInWith(base, "google", { email })).result);
    expect((await socialLogin(first)).status).toBe(200);
    const reused = await socialLogin(first, "ar");
    expect(reused.status).toBe(400);
    expect(await bodyOf(reused)).toEqual({
      status: "error",
      message: "انتهت صلاحية تسجيل الدخول هذا أو سبق استخدامه. يرجى المحاولة مجددًا.",
      data: { reason: "socialCodeInvalid" },
    });

    const expiring = codeOf((await signInWith(base, "google", { email })).result);
    const [row] = await database.db
      .select()
      .from(socialLoginCodes)
      .where(eq(socialLoginCodes.codeHash, sha256(expiring)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(2 * MINUTE);
    clock.advance(2 * MINUTE);
    expect(await bodyOf(await socialLogin(expiring))).toMatchObject({ message: "This sign-in has expired or was already used. Please try again." });

    const inTime = codeOf((await signInWith(base, "google", { email })).result);
    clock.advance(2 * MINUTE - 1);
    expect((await socialLogin(inTime)).status).toBe(200);
  });

  it("validates the body like every call: a 43-character code, nothing else", async () => {
    for (const body of [{}, { code: "short" }, { code: 42 }, { code: "x".repeat(43) + "=" }, { code: "a".repeat(43), extra: 1 }]) {
      const res = await t.post("/user/social-login", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await bodyOf(res), JSON.stringify(body)).toMatchObject({ message: "Some fields are not valid.", data: { reason: "validation" } });
    }
    const unknown = await socialLogin("a".repeat(43));
    expect(await bodyOf(unknown)).toMatchObject({ data: { reason: "socialCodeInvalid" } });
  });

  it("is no longer answered 501", async () => {
    expect((await t.post("/user/social-login", { body: { code: "b".repeat(43) } })).status).toBe(400);
  });
});

describe("unauthorized domain", () => {
  it("refuses to start a sign-in from an origin other than PUBLIC_URL", async () => {
    const other = createTestApp({ database, now: clock.now, env: { PUBLIC_URL: "https://sarraf.example" } });
    const requestId = newRequestId();
    const res = await other.app.request(`http://localhost:3000/auth/google/start?request=${requestId}`);
    expect(res.status).toBe(403);
    expect(resultOf(await res.text())).toEqual({ type: "sarraf.social", requestId, error: "unauthorizedDomain" });
    expect(await database.db.select().from(oauthStates).where(eq(oauthStates.requestId, requestId))).toEqual([]);
    expect(other.logs.find((line) => line.msg === "social.unauthorizedDomain")).toMatchObject({
      origin: "http://localhost:3000",
      expected: "https://sarraf.example",
    });
  });

  it("starts from PUBLIC_URL's origin, read from the proxy's headers when TRUST_PROXY is on", async () => {
    const proxied = createTestApp({ database, now: clock.now, env: { PUBLIC_URL: "https://sarraf.example/", TRUST_PROXY: "true" } });
    const server = await listen(proxied.app);
    try {
      const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "sarraf.example" };
      const res = await fetch(`${server.url}/auth/google/start?request=${newRequestId()}`, { redirect: "manual", headers });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location")!);
      expect(location.origin + location.pathname).toBe("https://sarraf.example/oidc/auth");
      expect(location.searchParams.get("redirect_uri")).toBe("https://sarraf.example/auth/callback");
      // Without the proxy's word it is plain http on a local port: not the public origin.
      const direct = await fetch(`${server.url}/auth/google/start?request=${newRequestId()}`, { redirect: "manual" });
      expect(direct.status).toBe(403);
    } finally {
      await server.close();
    }
  });
});

describe("the result page", () => {
  it("keeps any value inside its JSON element and runs no inline script", () => {
    const hostile = { type: "sarraf.social", requestId: "</script><script>alert(1)</script><!--", error: "failed" } as const;
    const html = resultPage("en", hostile);
    const json = /<script type="application\/json" id="sarraf-social-result">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toMatch(/<|>|<!--/);
    expect(JSON.parse(json)).toEqual(hostile);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes!.trim())).toEqual(['type="application/json" id="sarraf-social-result"', 'src="/auth/result.js" defer']);
  });

  it("is served under the app's CSP, with its script from /auth/result.js", async () => {
    const { page } = await signInWith(base, "google", { cancel: true });
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const script = await fetch(`${base}/auth/result.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await script.text()).toBe(RESULT_SCRIPT);
  });

  it("sends the payload over BroadcastChannel and to the opener until the page acknowledges it, then closes the popup", () => {
    const payload = { type: "sarraf.social", requestId: "r-123456", code: "c".repeat(43) };
    const sent: { via: string; message: unknown; target?: string }[] = [];
    let closed = false;
    const channel: { onmessage?: (event: { data: unknown }) => void } = {};
    const timers: (() => void)[] = [];
    runInNewContext(RESULT_SCRIPT, {
      document: { getElementById: (id: string) => (id === "sarraf-social-result" ? { textContent: JSON.stringify(payload) } : null) },
      BroadcastChannel: class {
        constructor(readonly name: string) {}
        set onmessage(listener: (event: { data: unknown }) => void) {
          channel.onmessage = listener;
        }
        postMessage(message: unknown) {
          sent.push({ via: `channel ${this.name}`, message });
        }
      },
      window: { opener: { postMessage: (message: unknown, target: string) => sent.push({ via: "opener", message, target }) }, close: () => (closed = true) },
      location: { origin: "https://sarraf.example" },
      setTimeout: (run: () => void) => timers.push(run),
    });
    expect(sent).toEqual([
      { via: "channel sarraf-social", message: payload },
      { via: "opener", message: payload, target: "https://sarraf.example" },
    ]);
    // Unanswered (the page is reloading): sent again.
    timers.shift()!();
    expect(sent).toHaveLength(4);
    // Another request's acknowledgement does not count; this one's does.
    channel.onmessage!({ data: { type: "sarraf.social.ack", requestId: "r-other" } });
    expect(timers).toHaveLength(1);
    channel.onmessage!({ data: { type: "sarraf.social.ack", requestId: "r-123456" } });
    timers.shift()!();
    timers.shift()!();
    expect(sent).toHaveLength(4);
    expect(closed).toBe(true);
  });

  it("stops sending after 10 seconds without an answer, leaving the popup open with its message", () => {
    const payload = { type: "sarraf.social", requestId: "r-1", error: "denied" };
    let posts = 0;
    let closed = false;
    const timers: (() => void)[] = [];
    runInNewContext(RESULT_SCRIPT, {
      document: { getElementById: () => ({ textContent: JSON.stringify(payload) }) },
      BroadcastChannel: class {
        postMessage() {
          posts += 1;
        }
      },
      window: { opener: null, close: () => (closed = true) },
      location: { origin: "https://sarraf.example" },
      setTimeout: (run: () => void) => timers.push(run),
    });
    while (timers.length > 0) timers.shift()!();
    expect(posts).toBe(ACK_TRIES);
    expect(closed).toBe(false);
  });
});

describe("the stand-in provider", () => {
  it("publishes standard discovery under /oidc, with PKCE S256 and the app's security headers", async () => {
    const res = await fetch(`${base}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const metadata = (await res.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: `${base}/oidc`,
      authorization_endpoint: `${base}/oidc/auth`,
      token_endpoint: `${base}/oidc/token`,
      jwks_uri: `${base}/oidc/jwks`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
    });
    expect(t.logs.find((line) => line.msg === "request" && line.path === "/oidc/.well-known/openid-configuration")).toMatchObject({ status: 200 });
  });

  it("asks with a labelled form in the browser's language, and re-asks for a bad e-mail", async () => {
    const b = browser(base, { lang: "ar" });
    const form = await b.follow(await b.request(`/auth/facebook/start?request=${newRequestId()}`));
    expect(form.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(form.text).toContain('<html lang="ar" dir="rtl">');
    expect(form.text).toContain("<title>Facebook (بديل محلي)</title>");
    expect(form.text).toContain('<label for="email">عنوان البريد الإلكتروني</label>');
    expect(form.text).toMatch(/<input id="email" name="email" type="email"[^>]*autocomplete="email"[^>]*required/);
    expect(form.text).toMatch(/<input id="name" name="name" type="text"[^>]*autocomplete="name"/);
    expect(form.text).not.toMatch(/<script/);
    const { action } = formIn(form.text);
    const bad = await b.request(action, { form: { email: "not an e-mail", name: "x", action: "continue" } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('aria-invalid="true" aria-describedby="email-error"');
    expect(bad.text).toContain('<p id="email-error" class="error">أدخل عنوان بريد إلكتروني صالحًا.</p>');
    expect(bad.text).toContain('value="not an e-mail"');
  });

  it("shows its own error page for an interaction it does not know", async () => {
    const page = await browser(base).request("/oidc/interaction/nonexistent");
    expect(page.status).toBe(400);
    expect(page.text).toContain("This sign-in cannot continue");
    expect(page.text).not.toMatch(/<script/);
  });

  it("prints nothing of its own on the console (no development warnings)", () => {
    expect(consoleLines.filter((line) => /oidc-provider/i.test(line))).toEqual([]);
    // Loading the library and making a provider, in a fresh process: nothing at import time either.
    const script = `const { createStandIns } = await import("./server/modules/auth/social/stand-in.ts"); await createStandIns().at("http://127.0.0.1:3000");`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(0);
    expect(run.stdout + run.stderr).toBe("");
  });
});
