import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema, envWith, isPlayMoneyDemo, parseEnv } from "../../../server/env.ts";

describe("parseEnv", () => {
  it("fills every default when nothing is set", () => {
    expect(parseEnv({})).toEqual({
      ok: true,
      env: {
        PORT: 3000,
        HOST: "127.0.0.1",
        NODE_ENV: "development",
        DATA_DIR: ".data",
        STATIC_DIR: "dist",
        CONTENT_DIR: "content",
        LOG_LEVEL: "info",
        BODY_LIMIT_BYTES: 1048576,
        CSP_FRAME_ANCESTORS: "'none'",
        DATABASE_POOL_MAX: 10,
        WORKERS: 1,
        SESSION_IDLE_MINUTES: 30,
        SESSION_ABSOLUTE_DAYS: 7,
        SHUTDOWN_TIMEOUT_MS: 10000,
        LEDGER_EXPIRE_SECONDS: 30,
        MAIL_FROM: "Sarraf <no-reply@sarraf.local>",
        TRUST_PROXY: false,
        ALLOWED_HOSTS: [],
        DEV_TOOLS: "auto",
        OUTBOX_IN_PRODUCTION: false,
        NEWSLETTER_SENDS_PER_MINUTE: 60,
        PRICE_SOURCE: "simulator",
        PRICE_SEED: 20251123,
        PRICE_POLL_MS: 2000,
        PRICE_STALE_SECONDS: 30,
        BINANCE_BASE_URL: "https://api.binance.com",
        QUOTE_RATES: { EUR: "0.92", AED: "3.6725", SAR: "3.75" },
        ONRAMP_PROVIDER: "sandbox",
        ONRAMP_SANDBOX_IN_PRODUCTION: "no",
        ONRAMP_WEBHOOK_MAX_AGE_SECONDS: 86400,
        ONRAMP_MIN_ORDER_USD: 10,
        ONRAMP_MAX_ORDER_USD: 5000,
        ONRAMP_DELIVERY_TOLERANCE_BPS: 300,
        ONRAMP_FEE_BPS: 150,
        ONRAMP_RECONCILE_SECONDS: 60,
        ONRAMP_ORDER_TTL_MINUTES: 30,
        ONRAMP_SANDBOX_STEP_MS: 2000,
        ONRAMP_SANDBOX_WEBHOOK_COPIES: 1,
        ONRAMP_SANDBOX_WEBHOOK_ORDER: "in-order",
        WITHDRAW_COOLING_OFF_HOURS: 24,
        WITHDRAW_PASSWORD_LOCK_HOURS: 24,
        WITHDRAW_MAX_USD: 10000,
        WITHDRAW_DAILY_USD: 25000,
        WITHDRAW_NETWORK: "simulator",
        WITHDRAW_SIM_BROADCAST_SECONDS: 3,
        WITHDRAW_SIM_CONFIRMING_SECONDS: 5,
        WITHDRAW_SIM_COMPLETE_SECONDS: 10,
        SWIPELUX_API_URL: "https://api.swipelux.com",
        SWIPELUX_WEBHOOK_KEYS_URL: "https://api.swipelux.com/api/merchants/webhookKeys",
        SWIPELUX_ASSETS: {},
        TRADE_QUOTE_SECONDS: 15,
        TRADE_SPREAD_BPS: 25,
        TRADE_FEE_BPS: 10,
        TRADE_FEE_MIN_USD: "0.10",
        TRADE_PRICE_TOLERANCE_BPS: 50,
        TRADE_MIN_ORDER_USD: 1,
        TRADE_MAX_ORDER_USD: 100000,
        TRADE_EXPOSURE_USD: 5000000,
        TRADE_EXPOSURE_LIMITS: {},
        TRADE_DEV_SEED: "on",
        UPLOAD_MAX_BYTES: 5 * 1024 * 1024,
        UPLOADS_PER_HOUR: 20,
        FILES_STORE: "disk",
        FILES_S3_REGION: "us-east-1",
        KYC_PROVIDER: "sandbox",
        KYC_SANDBOX_IN_PRODUCTION: "no",
        ANALYTICS_VIEWS_PER_MINUTE: 60,
        ANALYTICS_PROVIDER: "first-party",
        KYC_SANDBOX_REVIEW_SECONDS: 5,
        KYC_CARD_BUY_THRESHOLD_USD: 1000,
        SUMSUB_API_URL: "https://api.sumsub.com",
        SUMSUB_LEVEL_NAME: "basic-kyc-level",
        SUPPORT_EMAIL: "support@sarraf.example",
      },
    });
  });

  it("trading: per-coin exposure limits are read as dollars; bad ones and limits out of order are refused", () => {
    const set = parseEnv({ TRADE_EXPOSURE_LIMITS: " BTC=10000000, DOGE=500000 " });
    expect(set.ok && set.env.TRADE_EXPOSURE_LIMITS).toEqual({ BTC: 10_000_000, DOGE: 500_000 });
    const bad = parseEnv({ TRADE_EXPOSURE_LIMITS: "BTC=lots", TRADE_FEE_MIN_USD: "0.001" });
    const problems = bad.ok ? [] : bad.problems;
    for (const name of ["TRADE_EXPOSURE_LIMITS:", "TRADE_FEE_MIN_USD:"])
      expect(
        problems.some((line) => line.startsWith(name)),
        name,
      ).toBe(true);
    const order = parseEnv({ TRADE_MIN_ORDER_USD: "500", TRADE_MAX_ORDER_USD: "100" });
    expect(order.ok ? [] : order.problems.filter((line) => line.startsWith("TRADE_MIN_ORDER_USD: must not be above"))).toHaveLength(1);
  });

  it("the on-ramp: Swipelux needs its key and assets; limits must be in order; the key is never printed", () => {
    const result = parseEnv({ ONRAMP_PROVIDER: "swipelux", ONRAMP_MIN_ORDER_USD: "500", ONRAMP_MAX_ORDER_USD: "100" });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems.some((line) => line.startsWith("SWIPELUX_API_KEY: must be set when ONRAMP_PROVIDER=swipelux"))).toBe(true);
    expect(problems.some((line) => line.startsWith("SWIPELUX_ASSETS:"))).toBe(true);
    expect(problems.some((line) => line.startsWith("ONRAMP_MIN_ORDER_USD: must not be above"))).toBe(true);
    const set = parseEnv({
      ONRAMP_PROVIDER: "swipelux",
      SWIPELUX_API_KEY: "sk_live_secret_value",
      SWIPELUX_ASSETS: "BTC:8:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    });
    expect(set.ok && set.env.SWIPELUX_ASSETS).toEqual({ BTC: { currency: "BTC", decimals: 8, targetAddress: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh" } });
    const bad = parseEnv({ SWIPELUX_API_KEY: "has spaces in it" });
    expect(bad.ok ? "" : bad.problems.join("\n")).not.toContain("has spaces");
  });

  describe("production and the sandbox on-ramp (its public test card credits balances for free)", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://sarraf.example",
      OUTBOX_IN_PRODUCTION: "true",
      KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
    };
    const swipelux = {
      ONRAMP_PROVIDER: "swipelux",
      SWIPELUX_API_KEY: "sk_live_secret_value",
      SWIPELUX_ASSETS: "BTC:8:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
    };

    it("refuses to start on the sandbox unless it is chosen on purpose, and names the setting", () => {
      const refused = parseEnv(production);
      expect(refused.ok).toBe(false);
      expect(refused.ok ? [] : refused.problems).toEqual([
        expect.stringMatching(/^ONRAMP_PROVIDER: is the sandbox .*ONRAMP_PROVIDER=swipelux.*ONRAMP_SANDBOX_IN_PRODUCTION=demo-with-play-money/),
      ]);
      const demo = parseEnv({ ...production, ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money" });
      expect(demo.ok).toBe(true);
      expect(demo.ok && isPlayMoneyDemo(demo.env)).toBe(true);
      // Nothing vaguer than the name itself says "on purpose".
      const vague = parseEnv({ ...production, ONRAMP_SANDBOX_IN_PRODUCTION: "true" });
      expect(vague.ok ? [] : vague.problems).toContainEqual('ONRAMP_SANDBOX_IN_PRODUCTION: must be one of: no, demo-with-play-money (got "true")');
    });

    it("is no demo on the real provider, nor outside production", () => {
      const real = parseEnv({ ...production, ...swipelux });
      expect(real.ok && isPlayMoneyDemo(real.env)).toBe(false);
      expect(isPlayMoneyDemo(envWith())).toBe(false);
      expect(isPlayMoneyDemo(envWith({ NODE_ENV: "test", ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money" }))).toBe(false);
    });
  });

  it("SWIPELUX_WEBHOOK_KEYS_URL: https:// outside development (the keys decide which webhooks credit money)", () => {
    const http = { SWIPELUX_WEBHOOK_KEYS_URL: "http://api.swipelux.com/api/merchants/webhookKeys" };
    for (const NODE_ENV of ["production", "test"]) {
      const result = parseEnv({
        NODE_ENV,
        PUBLIC_URL: "https://sarraf.example",
        OUTBOX_IN_PRODUCTION: "true",
        ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money",
        KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
        ...http,
      });
      expect(result.ok ? [] : result.problems, NODE_ENV).toEqual([
        `SWIPELUX_WEBHOOK_KEYS_URL: must be an https:// address when NODE_ENV=${NODE_ENV} (http:// only in development) (got "${http.SWIPELUX_WEBHOOK_KEYS_URL}")`,
      ]);
    }
    expect(parseEnv({ NODE_ENV: "development", SWIPELUX_WEBHOOK_KEYS_URL: "http://127.0.0.1:9999/webhookKeys" }).ok).toBe(true);
    expect(parseEnv({ NODE_ENV: "test", SWIPELUX_WEBHOOK_KEYS_URL: "https://keys.example/webhookKeys" }).ok).toBe(true);
  });

  it("FILES_STORE=s3 needs its endpoint, bucket and key, and never prints the secret", () => {
    const result = parseEnv({ FILES_STORE: "s3", FILES_S3_SECRET_ACCESS_KEY: "a-very-secret-value" });
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toEqual([
      "FILES_S3_ENDPOINT: must be set when FILES_STORE=s3 (not set)",
      "FILES_S3_BUCKET: must be set when FILES_STORE=s3 (not set)",
      "FILES_S3_ACCESS_KEY_ID: must be set when FILES_STORE=s3 (not set)",
    ]);
    expect(JSON.stringify(result)).not.toContain("a-very-secret-value");
  });

  it("treats empty values as unset and ignores unrelated variables", () => {
    const result = parseEnv({ PORT: "", HOME: "/root", DATABASE_URL: "postgres://u:p@h:5432/db" });
    expect(result).toMatchObject({ ok: true, env: { PORT: 3000, DATABASE_URL: "postgres://u:p@h:5432/db" } });
  });

  it("lists every problem at once, one per variable, with what it got", () => {
    const result = parseEnv({ PORT: "abc", LOG_LEVEL: "loud", DATABASE_URL: "mysql://x", BODY_LIMIT_BYTES: "0", SESSION_IDLE_MINUTES: "1.5" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      'PORT: must be a whole number from 0 to 65535 (got "abc")',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL (got "mysql://x")',
      'LOG_LEVEL: must be one of: debug, info, warn, error, silent (got "loud")',
      'BODY_LIMIT_BYTES: must be at least 1 (got "0")',
      'SESSION_IDLE_MINUTES: must be a whole number from 1 to 43200 (got "1.5")',
    ]);
  });

  it("refuses a port out of range", () => {
    expect(parseEnv({ PORT: "70000" })).toEqual({ ok: false, problems: ['PORT: must be at most 65535 (got "70000")'] });
  });
});

describe("server/main.ts with a bad environment", () => {
  it("prints the list of problems and exits non-zero without starting", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      env: { ...process.env, PORT: "abc", NODE_ENV: "staging", DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Sarraf cannot start: the environment has 2 problem(s):");
    expect(run.stderr).toContain('  - PORT: must be a whole number from 0 to 65535 (got "abc")');
    expect(run.stderr).toContain('  - NODE_ENV: must be one of: development, production, test (got "staging")');
    expect(run.stdout).not.toContain("started");
  });
});

describe(".env.example", () => {
  it("lists every setting, and its values are the defaults", () => {
    const file = readFileSync(".env.example", "utf8");
    const listed = Object.fromEntries(
      file
        .split("\n")
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1).replace(/^"(.*)"$/, "$1")]),
    );
    // Settings read by `npm start` and the Vite build rather than the server: every VITE_* the SPA reads.
    const viteSettings = (readdirSync("src", { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .flatMap((f) => readFileSync(join("src", f), "utf8").match(/\bVITE_[A-Z_]*[A-Z]\b/g) ?? []);
    const buildSettings = ["SKIP_BUILD", "BUILD_PRECOMPRESS", "BUILD_PAGES", ...new Set(viteSettings)];
    expect(buildSettings).toContain("VITE_FIREBASE_VAPID_KEY");
    expect(Object.keys(listed).sort()).toEqual([...Object.keys(envSchema.shape), ...buildSettings].sort());
    const parsed = parseEnv(listed);
    expect(parsed).toEqual(parseEnv({}));
  });
});
