import { afterAll, beforeAll, beforeEach } from "vitest";
import type { CustomFetch } from "openid-client";
import { createApp } from "../../../server/app.ts";
import { contractChecked } from "./contract.ts";
import type { PasswordHasher } from "../../../server/modules/auth/password.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { envWith } from "../../../server/env.ts";
import { testClock, testHasher } from "./auth.ts";
import { openTestDatabase } from "./test-db.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { createMailService, type MailService } from "../../../server/platform/mail/index.ts";
import type { PriceService } from "../../../server/modules/market/index.ts";
import type { Onramp } from "../../../server/modules/onramp/index.ts";
import type { Ledger } from "../../../server/modules/ledger/index.ts";
import type { Withdrawals } from "../../../server/modules/withdrawals/index.ts";
import type { Kyc } from "../../../server/modules/kyc/index.ts";

export interface TestAppOptions {
  database: Database;
  env?: Record<string, string>;
  staticDir?: string;
  /** A settable clock, for session lifetimes, code expiry and rate-limit windows. */
  now?: () => Date;
  /** The tests' cheap scrypt by default; "policy" leaves the app's own (N = 2^17). */
  hasher?: PasswordHasher | "policy";
  mail?: MailService;
  /** Stands in for Google, Apple and Facebook's servers when their settings are given. */
  socialFetch?: CustomFetch;
  /** The price service (over a source the test controls); else the simulator the env selects. */
  prices?: PriceService;
  /** The ledger the on-ramp below moves money through. */
  ledger?: Ledger;
  /** The on-ramp (its provider and clock under the test's control); else the sandbox with defaults. */
  onramp?: Onramp;
  /** Withdrawals over the test's ledger and clock (tests tick its network by hand). */
  withdrawals?: Withdrawals;
  /** Identity verification (its provider and clock under the test's control); else the sandbox with defaults. */
  kyc?: Kyc;
}

export interface PostOptions {
  body?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  /** The client's socket address, as @hono/node-server would see it ("unknown" when omitted). */
  address?: string;
}

/** The real app over a real database; logs are captured as parsed objects instead of printed. */
export function createTestApp({
  database,
  env = {},
  staticDir = "/nonexistent-static-dir",
  now,
  hasher,
  mail,
  socialFetch,
  prices,
  ledger,
  onramp,
  withdrawals,
  kyc,
}: TestAppOptions) {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("debug", (line) => logs.push(JSON.parse(line)));
  const settings = envWith(env);
  // Mail is delivered after the response; post() waits for it, so a test reads the outbox at once.
  const mailService = mail ?? createMailService(settings, database.db, logger, now ?? (() => new Date()));
  // Every answer under /api is checked against the contract's table (helpers/contract.ts).
  const app = contractChecked(
    createApp({
      database,
      env: settings,
      logger,
      staticDir,
      version: "0.0.0-test",
      now,
      hasher: hasher === "policy" ? undefined : (hasher ?? testHasher),
      mail: mailService,
      socialFetch,
      prices,
      ledger,
      onramp,
      withdrawals,
      kyc,
    }),
  );

  /** POSTs to /api/v1 like the SPA's client: JSON body when given, optional token and language. */
  const post = async (path: string, options: PostOptions = {}): Promise<Response> => {
    const response = await app.request(
      `/api/v1${path}`,
      {
        method: "POST",
        headers: {
          ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          ...(options.lang ? { "Accept-Language": options.lang } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      },
      options.address === undefined ? undefined : { incoming: { socket: { remoteAddress: options.address } } },
    );
    await mailService.idle();
    return response;
  };

  return { app, logs, post, mail: mailService };
}

export type TestApp = ReturnType<typeof createTestApp>;

/**
 * The usual set-up of a server test file: a fresh database and app before all tests, a settable
 * clock moved on 3 hours before each (so limits from one test never reach the next), closed after.
 * `ready` hands the database and app to the file's own variables.
 */
export function appOverTestDatabase(ready: (suite: { database: Database; t: TestApp }) => void, options: Omit<TestAppOptions, "database" | "now"> = {}) {
  const clock = testClock();
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    ready({ database, t: createTestApp({ ...options, database, now: clock.now }) });
  });
  beforeEach(() => void clock.nextTest());
  afterAll(() => database?.close());
  return clock;
}
