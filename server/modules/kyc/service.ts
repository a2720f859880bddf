// Identity verification as the server runs it: the provider the settings choose (the sandbox by
// default), the records over it, and the sandbox's review passes on the server's schedule.
import type { Env } from "../../env.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { passes, type Every } from "../../platform/schedule/passes.ts";
import { createApplications } from "./applications.ts";
import type { KycProvider } from "./provider.ts";
import { sandboxProvider } from "./sandbox.ts";
import { createSumsubProvider, type PhotoSource } from "./sumsub.ts";

export interface KycOptions {
  db: Db;
  env: Pick<
    Env,
    "KYC_PROVIDER" | "KYC_SANDBOX_REVIEW_SECONDS" | "SUMSUB_API_URL" | "SUMSUB_APP_TOKEN" | "SUMSUB_SECRET_KEY" | "SUMSUB_WEBHOOK_SECRET" | "SUMSUB_LEVEL_NAME"
  >;
  logger: Logger;
  now: () => Date;
  /** Replaces the provider the settings choose (tests of a failing provider). */
  provider?: KycProvider;
  /** How the Sumsub adapter reaches the network (tests pass recorded answers). */
  fetch?: typeof fetch;
  /** The document photos' bytes for a provider that takes them (the files module's). */
  photos?: PhotoSource;
}

/** How often the sandbox looks for submissions whose review time has come. */
const SANDBOX_TICK_MS = 1_000;

export function createKyc({ db, env, logger, now, provider, fetch, photos }: KycOptions) {
  const chosen =
    provider ??
    (env.KYC_PROVIDER === "sumsub"
      ? createSumsubProvider({
          apiUrl: env.SUMSUB_API_URL,
          appToken: env.SUMSUB_APP_TOKEN ?? "",
          secretKey: env.SUMSUB_SECRET_KEY ?? "",
          webhookSecret: env.SUMSUB_WEBHOOK_SECRET ?? "",
          levelName: env.SUMSUB_LEVEL_NAME,
          now,
          fetch,
          photos,
        })
      : sandboxProvider);
  const applications = createApplications({ db, now, logger, provider: chosen, sandboxReviewMs: env.KYC_SANDBOX_REVIEW_SECONDS * 1000 });
  const reviewing = passes("kyc.sandboxReview", logger, () => applications.decideDue());

  return {
    provider: chosen,
    applications,
    /** The sandbox's passes on the schedule (nothing to do for a real provider). Tests may pass their own timer. */
    start(every?: Every) {
      if (chosen.name === "sandbox") reviewing.start(SANDBOX_TICK_MS, every, { immediately: false });
    },
    stop: () => reviewing.stop(),
    /** Tests drive the sandbox by hand: one pass, or the one under way. */
    review: () => reviewing.run(),
  };
}

export type Kyc = ReturnType<typeof createKyc>;
