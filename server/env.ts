import { createPrivateKey } from "node:crypto";
import { existsSync } from "node:fs";
import { z } from "zod";
import { SESSION_DEFAULTS } from "./modules/auth/lifetimes.ts";
import { DEFAULT_UPLOAD_MAX_BYTES } from "../contract/files.ts";
import { TAWK_KEY_PATTERN } from "../contract/siteFacts.ts";

const integer = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `must be one of: ${values.join(", ")}` }).default(fallback);

const secret = (what: string) =>
  z
    .string()
    .regex(/^\S{8,}$/, { error: `must be ${what} (8 or more characters, no spaces)` })
    .optional();
const appleId = (what: string) =>
  z
    .string()
    .regex(/^[A-Z0-9]{10}$/, { error: `must be the 10-character ${what}` })
    .optional();

function isEcPrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1";
  } catch {
    return false;
  }
}

/** Each provider's settings: all of them switch it from the stand-in to the real provider. */
export const SOCIAL_SETTINGS = {
  google: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  apple: ["APPLE_CLIENT_ID", "APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"],
  facebook: ["FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"],
} as const;

/** Never printed: a start-up error names the problem without the value. */
const SECRET_SETTINGS: ReadonlySet<string> = new Set([
  "GOOGLE_CLIENT_SECRET",
  "APPLE_PRIVATE_KEY",
  "FACEBOOK_CLIENT_SECRET",
  "SWIPELUX_API_KEY",
  "SUMSUB_APP_TOKEN",
  "SUMSUB_SECRET_KEY",
  "SUMSUB_WEBHOOK_SECRET",
  "FILES_S3_SECRET_ACCESS_KEY",
]);

/** A Tawk.to widget as its embed address names it (contract/siteFacts.ts). */
const tawkKey = z
  .string()
  .regex(TAWK_KEY_PATTERN, { error: "must be propertyId/widgetId from the Tawk.to embed code, e.g. 64f1c0ffee0123456789abcd/1h9abcdef" });

export const envSchema = z.object({
  PORT: integer(0, 65535, 3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  NODE_ENV: oneOf(["development", "production", "test"], "development"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  /** PostgreSQL: the most connections this process's pool opens (one more LISTENs for other processes' notices). */
  DATABASE_POOL_MAX: integer(1, 1_000, 10),
  /** Server processes sharing PORT (Node's cluster); more than 1 needs DATABASE_URL (docs/deploy.md). */
  WORKERS: integer(1, 64, 1),
  STATIC_DIR: z.string().min(1).default("dist"),
  /** The blog's posts and the partner pages (Markdown files), loaded into the database at start. */
  CONTENT_DIR: z.string().min(1).default("content"),
  LOG_LEVEL: oneOf(["debug", "info", "warn", "error", "silent"], "info"),
  BODY_LIMIT_BYTES: integer(1, 1024 ** 3, 1024 * 1024),
  CSP_FRAME_ANCESTORS: z
    .string()
    .regex(/^[^;,]+$/, { error: "must be CSP sources separated by spaces, e.g. 'none' or 'self' https://a.example" })
    .default("'none'"),
  SESSION_IDLE_MINUTES: integer(1, 60 * 24 * 30, SESSION_DEFAULTS.idleMinutes),
  SESSION_ABSOLUTE_DAYS: integer(1, 365, SESSION_DEFAULTS.absoluteDays),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000, 10_000),
  /** How often the ledger expires holds past their timeout (the first pass one period after start). */
  LEDGER_EXPIRE_SECONDS: integer(1, 86_400, 30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, { error: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587" })
    .optional(),
  MAIL_FROM: z.string().regex(/@/, { error: "must be a sender address, e.g. Sarraf <no-reply@sarraf.example>" }).default("Sarraf <no-reply@sarraf.local>"),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: "must be an http:// or https:// address without query, e.g. https://sarraf.example" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  TRUST_PROXY: oneOf(["true", "false"], "false").transform((value) => value === "true"),
  ALLOWED_HOSTS: z
    .string()
    .regex(/^\s*\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\s*(,\s*\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\s*)*$/, {
      error: "must be host names separated by commas, e.g. sarraf.example,.sarraf.example (a leading dot allows sub-domains)",
    })
    .transform((list) => list.split(",").map((host) => host.trim().toLowerCase()))
    .default([]),
  DEV_TOOLS: oneOf(["auto", "on", "off"], "auto"),
  OUTBOX_IN_PRODUCTION: oneOf(["true", "false"], "false").transform((value) => value === "true"),
  /** `npm run ops:newsletter -- send` mails at most this many subscribers a minute, evenly spaced (per run). */
  NEWSLETTER_SENDS_PER_MINUTE: integer(1, 60_000, 60),
  GOOGLE_CLIENT_ID: z
    .string()
    .regex(/^\S+\.apps\.googleusercontent\.com$/, { error: "must be a Google OAuth client id, e.g. 1234-abc.apps.googleusercontent.com" })
    .optional(),
  GOOGLE_CLIENT_SECRET: secret("the client secret of that Google OAuth client"),
  APPLE_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, { error: "must be the Services ID of Sign in with Apple, e.g. com.example.sarraf.web" })
    .optional(),
  APPLE_TEAM_ID: appleId("Apple Developer Team ID"),
  APPLE_KEY_ID: appleId("Key ID of the Sign in with Apple key"),
  APPLE_PRIVATE_KEY: z
    .string()
    // The .p8 file's text; on one line (an environment variable), \n stands for each line break.
    .transform((pem) => pem.replace(/\\n/g, "\n").trim())
    .refine(isEcPrivateKey, { error: "must be the .p8 key file's PEM text (-----BEGIN PRIVATE KEY----- …), with \\n for line breaks on one line" })
    .optional(),
  FACEBOOK_CLIENT_ID: z
    .string()
    .regex(/^\d{5,20}$/, { error: "must be the numeric App ID of the Facebook app" })
    .optional(),
  FACEBOOK_CLIENT_SECRET: secret("the App Secret of that Facebook app"),
  PRICE_SOURCE: oneOf(["simulator", "binance"], "simulator"),
  PRICE_SEED: integer(0, 2 ** 31 - 1, 20_251_123),
  PRICE_POLL_MS: integer(100, 600_000, 2_000),
  PRICE_STALE_SECONDS: integer(1, 86_400, 30),
  BINANCE_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: "must be an http:// or https:// address, e.g. https://api.binance.com" })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://api.binance.com"),
  QUOTE_RATES: z
    .string()
    .regex(/^\s*[A-Z]{3}\s*=\s*\d+(\.\d+)?\s*(,\s*[A-Z]{3}\s*=\s*\d+(\.\d+)?\s*)*$/, {
      error: "must be currency=units per USD pairs separated by commas, e.g. EUR=0.92,AED=3.6725,SAR=3.75",
    })
    .transform((text) => Object.fromEntries(text.split(",").map((pair) => pair.split("=").map((part) => part.trim()) as [string, string])))
    .default({ EUR: "0.92", AED: "3.6725", SAR: "3.75" }),
  ONRAMP_PROVIDER: oneOf(["sandbox", "swipelux"], "sandbox"),
  /**
   * The sandbox credits balances for a public test card: production refuses it unless this names
   * the choice, and then every page says it is a demo with play money.
   */
  ONRAMP_SANDBOX_IN_PRODUCTION: oneOf(["no", "demo-with-play-money"], "no"),
  /** A webhook whose event (its `eventTs`, else its JWT's `iat`) is older than this is refused as a replay. */
  ONRAMP_WEBHOOK_MAX_AGE_SECONDS: integer(60, 7 * 86_400, 86_400),
  /** Per-order limits, in US dollars (converted to the order's currency at QUOTE_RATES). */
  ONRAMP_MIN_ORDER_USD: integer(1, 1_000_000, 10),
  ONRAMP_MAX_ORDER_USD: integer(1, 1_000_000, 5_000),
  /** Sarraf's fee on a card buy, in basis points of the crypto delivered (150 = 1.5%). */
  ONRAMP_FEE_BPS: integer(0, 5_000, 150),
  /** How far (basis points of the quote) a delivered amount may be from the quote and still be credited; beyond it the delivery is held for review. */
  ONRAMP_DELIVERY_TOLERANCE_BPS: integer(0, 10_000, 300),
  /** How often unsettled orders are asked about again (also once at start). */
  ONRAMP_RECONCILE_SECONDS: integer(1, 86_400, 60),
  /** An order nobody paid for is expired after this long. */
  ONRAMP_ORDER_TTL_MINUTES: integer(1, 7 * 24 * 60, 30),
  /** The sandbox: how long each step (paid → processing → completed) takes. */
  ONRAMP_SANDBOX_STEP_MS: integer(0, 600_000, 2_000),
  /** The sandbox: how many copies of each webhook it sends (duplicates on purpose). */
  ONRAMP_SANDBOX_WEBHOOK_COPIES: integer(0, 20, 1),
  /** The sandbox: "reversed" sends each order's pending webhooks newest first (out of order on purpose). */
  ONRAMP_SANDBOX_WEBHOOK_ORDER: oneOf(["in-order", "reversed"], "in-order"),
  /** Withdrawals (issue 27): a confirmed address becomes usable after this many hours. */
  WITHDRAW_COOLING_OFF_HOURS: integer(0, 720, 24),
  /** After a password change or reset, withdrawals wait this many hours. */
  WITHDRAW_PASSWORD_LOCK_HOURS: integer(0, 720, 24),
  /** The most one withdrawal may be worth, and all of a user's over the last 24 hours, in US dollars. */
  WITHDRAW_MAX_USD: integer(1, 100_000_000, 10_000),
  WITHDRAW_DAILY_USD: integer(1, 100_000_000, 25_000),
  /** Where withdrawals go: the embedded network simulator (a custody provider later). */
  WITHDRAW_NETWORK: oneOf(["simulator"], "simulator"),
  /** The simulator's steps, in seconds: queued → broadcast → confirming → completed (README "Withdrawals"). */
  WITHDRAW_SIM_BROADCAST_SECONDS: integer(0, 3_600, 3),
  WITHDRAW_SIM_CONFIRMING_SECONDS: integer(0, 3_600, 5),
  WITHDRAW_SIM_COMPLETE_SECONDS: integer(0, 3_600, 10),
  /** How long a trading quote holds its price and amounts (issue 26). */
  TRADE_QUOTE_SECONDS: integer(3, 300, 15),
  /** The house's spread on each side of the mid price, in basis points (25 = 0.25%: bid = mid − 0.25%, ask = mid + 0.25%). */
  TRADE_SPREAD_BPS: integer(0, 2_000, 25),
  /** Sarraf's fee on a trade, in basis points of the asset received (10 = 0.1%). */
  TRADE_FEE_BPS: integer(0, 2_000, 10),
  /** The smallest fee of one trade, in US dollars (converted to the asset received at the mid price, rounded up). */
  TRADE_FEE_MIN_USD: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: "must be dollars with at most 2 decimals, e.g. 0.10" })
    .default("0.10"),
  /** How far (basis points) the live mid price may have moved since quoting for an accept to execute (50 = 0.5%). */
  TRADE_PRICE_TOLERANCE_BPS: integer(0, 10_000, 50),
  /** Per-trade limits, in US dollars (the amount paid, valued at the mid price). */
  TRADE_MIN_ORDER_USD: integer(1, 1_000_000, 1),
  TRADE_MAX_ORDER_USD: integer(1, 10_000_000, 100_000),
  /** The most the house holds of any one coin, in US dollars at the mid price: a trade that would take it beyond is refused (houseCannotFill). */
  TRADE_EXPOSURE_USD: integer(0, 1_000_000_000, 5_000_000),
  /** Per-coin exceptions to TRADE_EXPOSURE_USD, in US dollars: SYMBOL=dollars pairs, comma-separated (e.g. BTC=10000000,DOGE=500000). */
  TRADE_EXPOSURE_LIMITS: z
    .string()
    .regex(/^\s*([A-Z0-9]{2,10}\s*=\s*\d{1,10}\s*(,\s*[A-Z0-9]{2,10}\s*=\s*\d{1,10}\s*)*)?$/, {
      error: "must be SYMBOL=dollars pairs separated by commas, e.g. BTC=10000000,DOGE=500000",
    })
    .transform(
      (text) =>
        Object.fromEntries(
          text
            .split(",")
            .filter((pair) => pair.trim() !== "")
            .map((pair) => pair.split("=").map((part) => part.trim()) as [string, string])
            .map(([symbol, dollars]) => [symbol, Number(dollars)]),
        ) as Record<string, number>,
    )
    .default({}),
  /** Outside production: fund the house's inventory at start from its treasury (server/modules/trading/seed.ts), once. */
  TRADE_DEV_SEED: oneOf(["on", "off"], "on"),
  /** Identity verification: the embedded sandbox reviewer (decides by last name, README "Identity verification") or Sumsub. */
  KYC_PROVIDER: oneOf(["sandbox", "sumsub"], "sandbox"),
  /**
   * The sandbox approves every identity but its magic last names: production refuses it unless this
   * names the choice (a demo, where no real identity is checked).
   */
  KYC_SANDBOX_IN_PRODUCTION: oneOf(["no", "demo-approves-by-last-name"], "no"),
  /** The sandbox: how long after a submission it decides. */
  KYC_SANDBOX_REVIEW_SECONDS: integer(1, 86_400, 5),
  /** Card buys above this many US dollars need an approved verification (0: every card buy does). */
  KYC_CARD_BUY_THRESHOLD_USD: integer(0, 10_000_000, 1_000),
  SUMSUB_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: "must be an http:// or https:// address, e.g. https://api.sumsub.com" })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://api.sumsub.com"),
  SUMSUB_APP_TOKEN: secret("the App Token from the Sumsub dashboard"),
  SUMSUB_SECRET_KEY: secret("the Secret Key paired with that App Token"),
  SUMSUB_WEBHOOK_SECRET: secret("the secret key of the Sumsub webhook that signs X-Payload-Digest"),
  SUMSUB_LEVEL_NAME: z
    .string()
    .regex(/^[\w .-]{1,100}$/, { error: "must be the name of a verification level" })
    .default("basic-kyc-level"),
  SWIPELUX_API_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: "must be an http:// or https:// address, e.g. https://api.swipelux.com" })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://api.swipelux.com"),
  SWIPELUX_API_KEY: secret("the secret API key from the Swipelux merchant panel"),
  /** What Swipelux sells for Sarraf: symbol:decimals:treasury address, comma-separated. */
  SWIPELUX_ASSETS: z
    .string()
    .regex(/^\s*[A-Z0-9]{2,10}:\d{1,2}:[A-Za-z0-9]{20,120}\s*(,\s*[A-Z0-9]{2,10}:\d{1,2}:[A-Za-z0-9]{20,120}\s*)*$/, {
      error: "must be symbol:decimals:treasury address entries separated by commas, e.g. BTC:8:bc1q…,ETH:18:0x…",
    })
    .transform((text) =>
      Object.fromEntries(
        text.split(",").map((entry) => {
          const [symbol, decimals, targetAddress] = entry.trim().split(":") as [string, string, string];
          return [symbol, { currency: symbol, decimals: Number(decimals), targetAddress }];
        }),
      ),
    )
    .default({}),
  /** Files (profile pictures, identity documents): the largest upload /file/add takes. */
  UPLOAD_MAX_BYTES: integer(1024, 50 * 1024 * 1024, DEFAULT_UPLOAD_MAX_BYTES),
  /** How many uploads one user may send to /file/add in any hour (each is decoded and re-encoded); more answer 429 uploadsLimited. */
  UPLOADS_PER_HOUR: integer(1, 10_000, 20),
  /** Where files' bytes live: a folder under DATA_DIR (files/), or an S3-compatible bucket (the FILES_S3_* settings). */
  FILES_STORE: oneOf(["disk", "s3"], "disk"),
  FILES_S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: "must be the store's http:// or https:// address, e.g. https://s3.eu-central-1.amazonaws.com" })
    .optional(),
  FILES_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)" })
    .optional(),
  FILES_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { error: "must be a region, e.g. eu-central-1 (auto for R2)" })
    .default("us-east-1"),
  FILES_S3_ACCESS_KEY_ID: z.string().regex(/^\S+$/, { error: "must be the access key id" }).optional(),
  FILES_S3_SECRET_ACCESS_KEY: secret("the secret access key"),
  // Contact and newsletter (README "Contact and newsletter"): where contact messages go.
  SUPPORT_EMAIL: z.email({ error: "must be an e-mail address, e.g. support@sarraf.example" }).default("support@sarraf.example"),
  SWIPELUX_WEBHOOK_KEYS_URL: z
    .string()
    // https:// outside development (onrampProblems below): over http:// anyone on the way could swap the keys.
    .regex(/^https?:\/\/\S+$/, { error: "must be an http:// or https:// address of a JWKS" })
    .default("https://api.swipelux.com/api/merchants/webhookKeys"),
  /** The public site (issue 28): page views one client may record per minute (first-party analytics). */
  ANALYTICS_VIEWS_PER_MINUTE: integer(1, 10_000, 60),
  /** Where page views go: the first-party table (default), or Firebase Analytics (the build's VITE_FIREBASE_* with a measurement id). */
  ANALYTICS_PROVIDER: oneOf(["first-party", "firebase"], "first-party"),
  /** The live-chat widget per language, Tawk.to's propertyId/widgetId; unset: no chat in that language, and no request to Tawk.to. */
  CHAT_TAWK_EN: tawkKey.optional(),
  CHAT_TAWK_AR: tawkKey.optional(),
});

export type Env = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

/** Checks every setting at once, so one start-up reports all that is wrong rather than the first. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  // An empty value (`PORT=` in .env) means "use the default", as unset does.
  const present = Object.fromEntries(Object.entries(source).filter(([key, value]) => key in envSchema.shape && value !== undefined && value.trim() !== ""));
  const result = envSchema.safeParse(present);
  const unpaired = halfSetProviders(present);
  const unsafe = result.success ? [...onrampProblems(result.data), ...productionProblems(result.data)] : [];
  if (result.success && unpaired.length === 0 && unsafe.length === 0) return { ok: true, env: result.data };
  const issues = [...(result.success ? [] : result.error.issues), ...unpaired, ...unsafe];
  const problems = issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const value = present[name];
    const got = value === undefined ? "not set" : SECRET_SETTINGS.has(name) ? "got a hidden value" : `got ${JSON.stringify(withoutPassword(value))}`;
    return `${name}: ${issue.message} (${got})`;
  });
  return { ok: false, problems };
}

/** Half a provider is a mistake, not a choice: name what is missing rather than quietly use the stand-in. */
function halfSetProviders(present: Record<string, unknown>): { path: string[]; message: string }[] {
  return Object.values(SOCIAL_SETTINGS).flatMap((names) => {
    const set = names.filter((name) => name in present);
    if (set.length === 0 || set.length === names.length) return [];
    return names
      .filter((name) => !(name in present))
      .map((name) => ({ path: [name], message: `must be set together with ${set.join(", ")} (set all of ${names.join(", ")}, or none)` }));
  });
}

/** Settings that are each valid but do not make sense together. */
function onrampProblems(env: Env): { path: string[]; message: string }[] {
  const problems: { path: string[]; message: string }[] = [];
  if (env.WORKERS > 1 && !env.DATABASE_URL)
    problems.push({
      path: ["WORKERS"],
      message: "must be 1 without DATABASE_URL: PGlite's data folder belongs to one process; set DATABASE_URL to a PostgreSQL server for several",
    });
  if (env.ONRAMP_PROVIDER === "swipelux" && !env.SWIPELUX_API_KEY)
    problems.push({ path: ["SWIPELUX_API_KEY"], message: "must be set when ONRAMP_PROVIDER=swipelux" });
  if (env.ONRAMP_PROVIDER === "swipelux" && Object.keys(env.SWIPELUX_ASSETS).length === 0)
    problems.push({ path: ["SWIPELUX_ASSETS"], message: "must name at least one asset and its treasury address when ONRAMP_PROVIDER=swipelux" });
  for (const name of ["SUMSUB_APP_TOKEN", "SUMSUB_SECRET_KEY", "SUMSUB_WEBHOOK_SECRET"] as const)
    if (env.KYC_PROVIDER === "sumsub" && !env[name]) problems.push({ path: [name], message: "must be set when KYC_PROVIDER=sumsub" });
  if (env.ONRAMP_MIN_ORDER_USD > env.ONRAMP_MAX_ORDER_USD) problems.push({ path: ["ONRAMP_MIN_ORDER_USD"], message: "must not be above ONRAMP_MAX_ORDER_USD" });
  if (env.FILES_STORE === "s3")
    for (const name of ["FILES_S3_ENDPOINT", "FILES_S3_BUCKET", "FILES_S3_ACCESS_KEY_ID", "FILES_S3_SECRET_ACCESS_KEY"] as const)
      if (!env[name]) problems.push({ path: [name], message: "must be set when FILES_STORE=s3" });
  if (env.TRADE_MIN_ORDER_USD > env.TRADE_MAX_ORDER_USD) problems.push({ path: ["TRADE_MIN_ORDER_USD"], message: "must not be above TRADE_MAX_ORDER_USD" });
  // The keys decide which webhooks credit money: fetched over http://, anyone on the path could
  // publish their own. Plain http:// is for a local mock while developing only.
  if (env.NODE_ENV !== "development" && !env.SWIPELUX_WEBHOOK_KEYS_URL.startsWith("https://"))
    problems.push({ path: ["SWIPELUX_WEBHOOK_KEYS_URL"], message: `must be an https:// address when NODE_ENV=${env.NODE_ENV} (http:// only in development)` });
  return problems;
}

/**
 * What production refuses to start without: a PUBLIC_URL (links in e-mails are never built from
 * request headers there), a real mail transport unless the outbox is chosen on purpose (it keeps
 * every code in the database), no development tools, no sandbox on-ramp unless it is a demo
 * with play money on purpose, and no sandbox identity reviewer unless it is chosen on purpose too.
 */
function productionProblems(env: Env): { path: string[]; message: string }[] {
  if (env.NODE_ENV !== "production") return [];
  const problems: { path: string[]; message: string }[] = [];
  if (!env.PUBLIC_URL)
    problems.push({ path: ["PUBLIC_URL"], message: "must be set in production: links in e-mails start with it, e.g. https://sarraf.example" });
  if (!env.SMTP_URL && !env.OUTBOX_IN_PRODUCTION) {
    problems.push({
      path: ["SMTP_URL"],
      message: "must be set in production (or set OUTBOX_IN_PRODUCTION=true to keep mail in the database outbox on purpose)",
    });
  }
  if (env.DEV_TOOLS === "on")
    problems.push({ path: ["DEV_TOOLS"], message: "cannot be on in production: the dev mailbox and the stand-in sign-in provider are for development" });
  // The sandbox's public test card credits any amount: only a demo runs it, and says so on every page.
  if (env.ONRAMP_PROVIDER === "sandbox" && env.ONRAMP_SANDBOX_IN_PRODUCTION !== "demo-with-play-money") {
    problems.push({
      path: ["ONRAMP_PROVIDER"],
      message:
        "is the sandbox (the default), whose public test card credits balances for free: set ONRAMP_PROVIDER=swipelux with its settings, " +
        "or ONRAMP_SANDBOX_IN_PRODUCTION=demo-with-play-money to run a demo with play money on purpose (every page then says so)",
    });
  }
  // The sandbox reviewer checks no document: it approves by last name. Identity gates (withdrawals,
  // larger card buys) would open for anyone.
  if (env.KYC_PROVIDER === "sandbox" && env.KYC_SANDBOX_IN_PRODUCTION !== "demo-approves-by-last-name") {
    problems.push({
      path: ["KYC_PROVIDER"],
      message:
        "is the sandbox reviewer (the default), which checks no document and approves every identity but its magic last names: " +
        "set KYC_PROVIDER=sumsub with its settings, or KYC_SANDBOX_IN_PRODUCTION=demo-approves-by-last-name to run a demo on purpose",
    });
  }
  // Real money in, simulated money out: the simulator would complete withdrawals that never reach a network.
  if (env.ONRAMP_PROVIDER !== "sandbox" && env.WITHDRAW_NETWORK === "simulator") {
    problems.push({
      path: ["WITHDRAW_NETWORK"],
      message:
        "is the network simulator, which completes withdrawals that never leave: with a real on-ramp production needs a custody provider (not built yet); only the play-money demo runs the simulator",
    });
  }
  return problems;
}

/** Production runs the sandbox on-ramp on purpose (the checks above let it start only so): a demo with play money, said on every page. */
export function isPlayMoneyDemo(env: Env): boolean {
  return env.NODE_ENV === "production" && env.ONRAMP_PROVIDER === "sandbox";
}

/** URLs such as SMTP_URL carry credentials: a start-up error must not print them. */
function withoutPassword(value: string | undefined): string | undefined {
  return value?.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@\s]*):[^@\s]*@/i, "$1:***@");
}

/** For the process entry: reads .env if present, then prints every problem and exits when invalid. */
export function loadEnvOrExit(envFile = ".env"): Env {
  // Variables already set in the environment win over the file, as with `node --env-file`.
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const result = parseEnv(process.env);
  if (result.ok) return result.env;
  console.error(`Sarraf cannot start: the environment has ${result.problems.length} problem(s):`);
  for (const problem of result.problems) console.error(`  - ${problem}`);
  console.error("See .env.example for every setting and its default.");
  process.exit(1);
}

/** Test and embedding helper: defaults with overrides, throwing if they are invalid. */
export function envWith(overrides: Record<string, string | undefined> = {}): Env {
  const result = parseEnv(overrides);
  if (!result.ok) throw new Error(result.problems.join("\n"));
  return result.env;
}
