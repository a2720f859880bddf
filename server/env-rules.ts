// The rules between settings that parseEnv (env.ts) checks beside each setting's own (env-schema.ts).
import type { Env } from "./env-schema.ts";

/** Each provider's settings: all of them switch it from the stand-in to the real provider. */
export const SOCIAL_SETTINGS = {
  google: ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
  apple: ["APPLE_CLIENT_ID", "APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"],
  facebook: ["FACEBOOK_CLIENT_ID", "FACEBOOK_CLIENT_SECRET"],
} as const;

/** Half a provider is a mistake, not a choice: name what is missing rather than quietly use the stand-in. */
export function halfSetProviders(present: Record<string, unknown>): { path: string[]; message: string }[] {
  return Object.values(SOCIAL_SETTINGS).flatMap((names) => {
    const set = names.filter((name) => name in present);
    if (set.length === 0 || set.length === names.length) return [];
    return names
      .filter((name) => !(name in present))
      .map((name) => ({ path: [name], message: `must be set together with ${set.join(", ")} (set all of ${names.join(", ")}, or none)` }));
  });
}

/** Settings that are each valid but do not make sense together. */
export function onrampProblems(env: Env): { path: string[]; message: string }[] {
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
export function productionProblems(env: Env): { path: string[]; message: string }[] {
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
