// npm run ops:newsletter -- list — the issues of content/newsletter (CONTENT_DIR) and how many
// subscribers each was sent to. `preview <slug> [--lang ar]` prints an issue's mail without sending.
// `send <slug>` mails it to every confirmed subscriber it has not reached, in their language (or
// English), NEWSLETTER_SENDS_PER_MINUTE a minute; run it again after a failure or a crash: nobody
// gets it twice. Mail goes through SMTP_URL, else the outbox. Reads the server's settings (.env, then
// the environment) and its database (DATABASE_URL, else the PGlite folder DATA_DIR, which only one
// process may hold: stop the server first).
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { loadEnvOrExit } from "../server/env.ts";
import { newsletterCommand } from "../server/modules/contact/issue-command.ts";
import { openDatabase } from "../server/platform/db/open.ts";
import { createLogger } from "../server/platform/logging/logger.ts";
import { createMailTransport } from "../server/platform/mail/index.ts";

const env = loadEnvOrExit();
// Links in the mails: the address users open. Outside production, the local server's.
const origin = env.PUBLIC_URL ?? (env.NODE_ENV === "production" ? null : `http://localhost:${env.PORT}`);
if (!origin) {
  console.error("PUBLIC_URL must be set in production: the mails' links start with it");
  process.exit(1);
}
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const now = () => new Date();
const transport = createMailTransport(env, database.db, now);
try {
  process.exitCode = await newsletterCommand(process.argv.slice(2), {
    db: database.db,
    logger: createLogger("warn"),
    now,
    mailer: transport.mailer,
    origin,
    sendsPerMinute: env.NEWSLETTER_SENDS_PER_MINUTE,
    pause: (ms) => sleep(ms),
    clock: () => performance.now(),
    contentDir: env.CONTENT_DIR,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
} finally {
  await transport.close();
  await database.close();
}
