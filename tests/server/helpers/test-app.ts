import { createApp } from "../../../server/app.ts";
import type { Database } from "../../../server/db/open.ts";
import { envWith } from "../../../server/env.ts";
import { createLogger } from "../../../server/logger.ts";

export interface TestAppOptions {
  database: Database;
  env?: Record<string, string>;
  staticDir?: string;
  /** A settable clock, for session lifetimes. */
  now?: () => Date;
}

/** The real app over a real database; logs are captured as parsed objects instead of printed. */
export function createTestApp({ database, env = {}, staticDir = "/nonexistent-static-dir", now }: TestAppOptions) {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger("debug", (line) => logs.push(JSON.parse(line)));
  const app = createApp({ database, env: envWith(env), logger, staticDir, version: "0.0.0-test", now });

  /** POSTs to /api/v1 like the SPA's client: JSON body when given, optional token and language. */
  const post = (path: string, options: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string> } = {}) =>
    app.request(`/api/v1${path}`, {
      method: "POST",
      headers: {
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...(options.lang ? { "Accept-Language": options.lang } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  return { app, logs, post };
}

export type TestApp = ReturnType<typeof createTestApp>;
