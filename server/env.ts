import { existsSync } from "node:fs";
import { envSchema, type Env } from "./env-schema.ts";
import { halfSetProviders, onrampProblems, productionProblems } from "./env-rules.ts";

// What importers read from env.ts since before the schema and the rules had files of their own.
export { envSchema, type Env } from "./env-schema.ts";
export { SOCIAL_SETTINGS } from "./env-rules.ts";

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

/** Production runs the sandbox on-ramp on purpose (productionProblems in env-rules.ts lets it start only so): a demo with play money, said on every page. */
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
