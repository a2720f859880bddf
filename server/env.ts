import { existsSync } from "node:fs";
import { z } from "zod";
import { SESSION_DEFAULTS } from "./auth/lifetimes.ts";

const integer = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `must be one of: ${values.join(", ")}` }).default(fallback);

export const envSchema = z.object({
  PORT: integer(0, 65535, 3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  NODE_ENV: oneOf(["development", "production", "test"], "development"),
  DATA_DIR: z.string().min(1).default(".data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  STATIC_DIR: z.string().min(1).default("dist"),
  LOG_LEVEL: oneOf(["debug", "info", "warn", "error", "silent"], "info"),
  BODY_LIMIT_BYTES: integer(1, 1024 ** 3, 1024 * 1024),
  CSP_FRAME_ANCESTORS: z
    .string()
    .regex(/^[^;,]+$/, { error: "must be CSP sources separated by spaces, e.g. 'none' or 'self' https://a.example" })
    .default("'none'"),
  SESSION_IDLE_MINUTES: integer(1, 60 * 24 * 30, SESSION_DEFAULTS.idleMinutes),
  SESSION_ABSOLUTE_DAYS: integer(1, 365, SESSION_DEFAULTS.absoluteDays),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000, 10_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, { error: "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587" })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/@/, { error: "must be a sender address, e.g. Sarraf <no-reply@sarraf.example>" })
    .default("Sarraf <no-reply@sarraf.local>"),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, { error: "must be an http:// or https:// address without query, e.g. https://sarraf.example" })
    .transform((url) => url.replace(/\/+$/, ""))
    .optional(),
  TRUST_PROXY: oneOf(["true", "false"], "false").transform((value) => value === "true"),
});

export type Env = z.infer<typeof envSchema>;

export type EnvResult = { ok: true; env: Env } | { ok: false; problems: string[] };

/** Checks every setting at once, so one start-up reports all that is wrong rather than the first. */
export function parseEnv(source: Record<string, string | undefined>): EnvResult {
  // An empty value (`PORT=` in .env) means "use the default", as unset does.
  const present = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envSchema.shape && value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(present);
  if (result.success) return { ok: true, env: result.data };
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    return `${name}: ${issue.message} (got ${JSON.stringify(withoutPassword(present[name]))})`;
  });
  return { ok: false, problems };
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
