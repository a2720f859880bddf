import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "../helpers/data-dir.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { parseEnv } from "../../../server/env.ts";
import { REQUEST_ID_MAX_LENGTH } from "../../../server/app.ts";
import { bodyOf, latestCode, mailsTo, seedSession, seedUser } from "../helpers/auth.ts";
import { appOverTestDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";
import { listen } from "../helpers/browser.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

/** fetch() will not send a Host of our choosing; node:http will, as any client can. */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: { Host: host } }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
    });
    req.on("error", fail);
    req.end();
  });
}

// A production demo on the sandbox on-ramp, chosen on purpose (production refuses the sandbox otherwise).
const PRODUCTION = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://sarraf.example",
  OUTBOX_IN_PRODUCTION: "true",
  ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money",
  KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
};
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("item 1: reset links are never built from a forged Host", () => {
  it("production refuses to start without PUBLIC_URL", () => {
    const result = parseEnv({
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example:587",
      ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money",
      KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([expect.stringMatching(/^PUBLIC_URL: must be set in production/)]);
  });

  it("production refuses a request naming another host (421), and mails PUBLIC_URL's link for its own", async () => {
    const production = createTestApp({ database, now: clock.now, env: PRODUCTION });
    const user = await seedUser(database.db);
    const forged = await production.app.request("http://evil.example:8080/api/v1/user/forgotPassword", json({ email: user.email }));
    expect(forged.status).toBe(421);
    expect(await bodyOf(forged)).toEqual({ status: "error", message: "This server does not answer to this address. Open Sarraf at its own address." });
    expect(await mailsTo(database.db, user.email)).toEqual([]);

    const own = await production.app.request("https://sarraf.example/api/v1/user/forgotPassword", json({ email: user.email }));
    expect(own.status).toBe(200);
    await production.mail.idle();
    const [mail] = await mailsTo(database.db, user.email);
    expect(mail!.text).toContain(`https://sarraf.example/reset-password?email=${encodeURIComponent(user.email)}&code=`);
  });

  it("behind a trusted proxy, the forwarded host is the one judged", async () => {
    const proxied = createTestApp({ database, env: { ...PRODUCTION, TRUST_PROXY: "true" } });
    const forged = await proxied.app.request("https://sarraf.example/api/v1/health", { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(forged.status).toBe(421);
    const own = await proxied.app.request("http://10.0.0.5:3000/api/v1/health", {
      headers: { "X-Forwarded-Host": "sarraf.example", "X-Forwarded-Proto": "https" },
    });
    expect(own.status).toBe(200);
  });

  it("ALLOWED_HOSTS adds names; a leading dot adds a domain's sub-domains", async () => {
    const app = createTestApp({ database, env: { ...PRODUCTION, ALLOWED_HOSTS: "api.sarraf.example, .sarraf.net" } });
    for (const [url, status] of [
      ["https://api.sarraf.example/api/v1/health", 200],
      ["https://sarraf.net/api/v1/health", 200],
      ["https://eu.sarraf.net/api/v1/health", 200],
      ["https://evilsarraf.net/api/v1/health", 421],
      ["http://localhost:3000/api/v1/health", 421],
    ] as const) {
      expect([url, (await app.app.request(url)).status]).toEqual([url, status]);
    }
    expect(parseEnv({ ALLOWED_HOSTS: "ok.example, not a host" })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^ALLOWED_HOSTS: must be host names/)],
    });
  });

  it("development links use the loopback address the request came to; other hosts are refused in Arabic too", async () => {
    const user = await seedUser(database.db);
    const forged = await t.app.request("http://evil.example:8080/api/v1/user/forgotPassword", json({ email: user.email }, { "Accept-Language": "ar" }));
    expect(forged.status).toBe(421);
    expect((await bodyOf(forged)).message).toBe("هذا الخادم لا يجيب على هذا العنوان. افتح صرّاف على عنوانه الصحيح.");
    const page = await t.app.request("http://evil.example/login", { headers: { Accept: "text/html" } });
    expect([page.status, await page.text()]).toEqual([421, "This server does not answer to this address. Open Sarraf at its own address."]);

    for (const host of ["localhost:5173", "127.0.0.1:3000", "[::1]:3000", "app.localhost"]) {
      clock.nextTest();
      const res = await t.app.request(`http://${host}/api/v1/user/forgotPassword`, json({ email: user.email }));
      expect([host, res.status]).toEqual([host, 200]);
      await t.mail.idle();
      expect(await latestCode(database.db, user.email)).toMatch(/^\d{6}$/);
      expect((await mailsTo(database.db, user.email))[0]!.text).toContain(`http://${host}/reset-password?`);
    }
  });
});

describe("item 11: API answers are never cached", () => {
  it("every /api answer, success or error, signed in or not, says Cache-Control: no-store", async () => {
    const user = await seedUser(database.db);
    const token = await seedSession(database.db, user, clock.now());
    const answers = [
      await t.post("/user/get-profile-by-id", { token }),
      await t.post("/user/login", { body: { email: user.email, password: "wrong password!" } }),
      await t.post("/health"),
      await t.post("/nope"),
      await t.post("/user/get-profile-by-id"),
    ];
    expect(answers.map((res) => [res.status, res.headers.get("Cache-Control")])).toEqual([
      [200, "no-store"],
      [400, "no-store"],
      [200, "no-store"],
      [404, "no-store"],
      [401, "no-store"],
    ]);
  });
});

describe("item 12: development tools stay off the network", () => {
  const mailbox = (app: TestApp) => app.app.request("http://localhost/dev/mailbox", { headers: { Accept: "text/html" } });
  // The stand-in's back channel is this server's own socket, so it needs a real one.
  const standIn = async (app: TestApp) => {
    const served = await listen(app.app);
    try {
      return (await fetch(`${served.url}/auth/google/start?request=abcdefgh12345678`, { redirect: "manual" })).status;
    } finally {
      await served.close();
    }
  };

  it("on a loopback HOST (the default) the mailbox and the stand-in provider answer", async () => {
    expect((await mailbox(t)).status).toBe(200);
    expect(await standIn(t)).toBe(302);
  });

  it("on a network HOST they are off unless DEV_TOOLS=on, and start-up says so", async () => {
    const network = createTestApp({ database, env: { HOST: "0.0.0.0" } });
    expect((await mailbox(network)).status).toBe(404);
    expect(await standIn(network)).toBe(503);
    expect(network.logs.find((l) => l.msg === "social.notConfigured")).toMatchObject({ provider: "google" });

    const allowed = createTestApp({ database, env: { HOST: "0.0.0.0", DEV_TOOLS: "on" } });
    expect((await mailbox(allowed)).status).toBe(200);
    expect(await standIn(allowed)).toBe(302);

    const off = createTestApp({ database, env: { DEV_TOOLS: "off" } });
    expect((await mailbox(off)).status).toBe(404);
    expect(parseEnv({ ...PRODUCTION, DEV_TOOLS: "on" })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^DEV_TOOLS: cannot be on in production/)],
    });
  });

  it("the server's start-up log says the tools are off on a network address", async () => {
    const lines = await startUpLog({ HOST: "0.0.0.0" });
    expect(lines.find((l) => l.msg === "devTools.off")).toMatchObject({ level: "warn", host: "0.0.0.0" });
    expect(lines.find((l) => l.msg === "started")).toMatchObject({ devTools: false });
  });
});

describe("item 12: development tools turned on by hand for a network address", () => {
  it("start, with a warning in the start-up log that says what they expose", async () => {
    const lines = await startUpLog({ HOST: "0.0.0.0", DEV_TOOLS: "on" });
    expect(lines.find((l) => l.msg === "devTools.exposed")).toMatchObject({ level: "warn", host: "0.0.0.0" });
    expect(lines.find((l) => l.msg === "started")).toMatchObject({ devTools: true });
  });
});

/** The log lines of a real server started with these settings (on a free port, in a folder of its own), then stopped. */
async function startUpLog(settings: Record<string, string>): Promise<Record<string, unknown>[]> {
  const { startServer } = await import("../../../server/server.ts");
  const { envWith } = await import("../../../server/env.ts");
  const { createLogger } = await import("../../../server/platform/logging/logger.ts");
  const dataDir = migratedDataDir("sarraf-hosts-");
  const lines: Record<string, unknown>[] = [];
  try {
    const server = await startServer({
      env: envWith({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: dataDir, ...settings }),
      logger: createLogger("info", (line) => lines.push(JSON.parse(line))),
    });
    await server.close();
    return lines;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("item 13: forged Host headers cannot use up the stand-in provider", () => {
  it("twenty forged loopback origins (more than its 8 slots) later, sign-in at the real address still starts and its provider still answers", async () => {
    const served = await listen(t.app);
    try {
      const port = new URL(served.url).port;
      const discoveryAs = (host: string) => statusWithHost(`${served.url}/oidc/.well-known/openid-configuration`, host);
      for (let fake = 1; fake <= 20; fake++) expect(await discoveryAs(`localhost:${20000 + fake}`)).toBe(200);
      expect(await discoveryAs("evil.example")).toBe(421);
      const discovery = await fetch(`${served.url}/oidc/.well-known/openid-configuration`);
      expect(discovery.status).toBe(200);
      expect((await discovery.json()).issuer).toBe(`http://127.0.0.1:${port}/oidc`);
      const start = await fetch(`${served.url}/auth/google/start?request=abcdefgh12345678`, { redirect: "manual" });
      expect(start.status).toBe(302);
      expect(start.headers.get("Location")).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/oidc/auth\\?`));
    } finally {
      await served.close();
    }
  });
});

describe("item 15: smaller leaks", () => {
  it("HSTS only over HTTPS", async () => {
    expect((await t.app.request("http://localhost/api/v1/health")).headers.get("Strict-Transport-Security")).toBeNull();
    const production = createTestApp({ database, env: PRODUCTION });
    expect((await production.app.request("https://sarraf.example/api/v1/health")).headers.get("Strict-Transport-Security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    const proxied = createTestApp({ database, env: { ...PRODUCTION, TRUST_PROXY: "true" } });
    const viaProxy = await proxied.app.request("http://10.0.0.5/api/v1/health", {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "sarraf.example" },
    });
    expect(viaProxy.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("a client's X-Request-Id is kept only in a safe format; anything else is replaced before it is logged", async () => {
    const unsafe = ["x".repeat(REQUEST_ID_MAX_LENGTH + 1), "id with spaces", "id\u001b[31mred", 'a"b', "../../etc"];
    for (const id of unsafe) {
      t.logs.length = 0;
      const res = await t.app.request("/api/v1/health", { headers: { "X-Request-Id": id } });
      const echoed = res.headers.get("X-Request-Id")!;
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      expect(t.logs.at(-1)).toMatchObject({ msg: "request", reqId: echoed });
    }
    const fine = "trace-" + "a".repeat(REQUEST_ID_MAX_LENGTH - 6);
    expect((await t.app.request("/api/v1/health", { headers: { "X-Request-Id": fine } })).headers.get("X-Request-Id")).toBe(fine);
  });

  describe("source maps", () => {
    const dist = mkdtempSync(join(tmpdir(), "sarraf-dist-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), "<!doctype html><title>Sarraf</title>");
    writeFileSync(join(dist, "assets", "index-abc.js"), "console.log(1)");
    writeFileSync(join(dist, "assets", "index-abc.js.map"), '{"version":3}');
    afterAll(() => rmSync(dist, { recursive: true, force: true }));

    it("are not served in production, and are in development", async () => {
      const production = createTestApp({ database, env: PRODUCTION, staticDir: dist });
      const development = createTestApp({ database, staticDir: dist });
      expect((await production.app.request("https://sarraf.example/assets/index-abc.js.map")).status).toBe(404);
      expect((await production.app.request("https://sarraf.example/assets/index-abc.js")).status).toBe(200);
      expect((await development.app.request("/assets/index-abc.js.map")).status).toBe(200);
    });
  });

  it("/health tells no version or uptime", async () => {
    const body = await bodyOf(await t.post("/health"));
    expect(Object.keys(body.data ?? {})).toEqual(["database"]);
  });
});
