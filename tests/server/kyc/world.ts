// A KYC world for server tests: the real app and database with the identity provider the test
// chooses (the sandbox by default), a clock the test moves, and the sandbox's passes run by hand.
import { envWith } from "../../../server/env.ts";
import { createKyc, type Kyc, type KycProvider } from "../../../server/modules/kyc/index.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, seedSession, seedUser } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

export interface Clock {
  now: () => Date;
  advance(ms: number): Date;
}

export const REVIEW_SECONDS = 5;

/** A form the server accepts: an adult's passport (no back photo needed). */
export const FORM = {
  firstName: "Amal",
  lastName: "Haddad",
  dateOfBirth: "1990-05-17",
  country: "AE",
  addressLine: "12 Corniche Road",
  city: "Abu Dhabi",
  postalCode: "",
  documentType: "passport",
  documentNumber: "N1234567",
  frontFileId: "file-front-1",
  selfieFileId: "file-selfie-1",
} as const;

export function kycWorld(
  database: Database,
  clock: Clock,
  settings: Record<string, string> = {},
  options: { provider?: KycProvider; fetch?: typeof fetch } = {},
) {
  const env = envWith({ KYC_SANDBOX_REVIEW_SECONDS: String(REVIEW_SECONDS), ...settings });
  const logger = createLogger("silent");
  const kyc: Kyc = createKyc({ db: database.db, env, logger, now: clock.now, provider: options.provider, fetch: options.fetch });
  const t: TestApp = createTestApp({ database, now: clock.now, kyc, env: { KYC_SANDBOX_REVIEW_SECONDS: String(REVIEW_SECONDS), ...settings } });

  async function user() {
    const account = await seedUser(database.db);
    return { id: account.id, token: await seedSession(database.db, account, clock.now()) };
  }

  const call = async (path: string, token: string, body?: unknown, lang?: string) => {
    const res = await t.post(path, { token, body, lang });
    return { res, body: await bodyOf(res) };
  };
  const submit = (token: string, change: Record<string, unknown> = {}, lang?: string) => call("/user/kyc/submit", token, { ...FORM, ...change }, lang);
  const check = (token: string) => call("/user/check-kyc-verification", token, {});
  const details = (token: string) => call("/user/kyc/details", token, {});

  /** Moves the clock on and runs the sandbox's pass, as the server's schedule would. */
  async function run(ms: number) {
    clock.advance(ms);
    await kyc.review();
  }

  return { t, kyc, user, call, submit, check, details, run };
}

export type KycWorld = ReturnType<typeof kycWorld>;
