// Every setting, its default and its own check; the rules between settings are in env-rules.ts.
import { z } from "zod";
import { SESSION_DEFAULTS } from "./modules/auth/lifetimes.ts";
import { DEFAULT_UPLOAD_MAX_BYTES } from "../contract/files.ts";
import { appleId, integer, isEcPrivateKey, oneOf, secret, tawkKey } from "./env-fields.ts";

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
    // https:// outside development (onrampProblems in env-rules.ts): over http:// anyone on the way could swap the keys.
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
