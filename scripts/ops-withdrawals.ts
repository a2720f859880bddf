// npm run ops:withdrawals -- status <email> — whether the account's withdrawals are frozen (from the
// link in a withdrawal or address e-mail) and since when, with its withdrawals by status.
// npm run ops:withdrawals -- unfreeze <email> — lifts the freeze and e-mails the user (SMTP_URL, else
// the outbox). Reads the server's settings (.env, then the environment) and its database
// (DATABASE_URL, else the PGlite folder DATA_DIR, which only one process may hold: stop the server first).
import { loadEnvOrExit } from "../server/env.ts";
import { findUserByEmail, userContact } from "../server/modules/auth/index.ts";
import { operatorFreezes } from "../server/modules/withdrawals/index.ts";
import { openDatabase } from "../server/platform/db/open.ts";
import { createLogger } from "../server/platform/logging/logger.ts";
import { createMailService } from "../server/platform/mail/index.ts";

const [command, email = ""] = process.argv.slice(2);
if ((command !== "status" && command !== "unfreeze") || !email.includes("@")) {
  console.error("usage: npm run ops:withdrawals -- status <email> | unfreeze <email>");
  process.exit(1);
}
const env = loadEnvOrExit();
const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
const logger = createLogger("warn");
const now = () => new Date();
const mail = createMailService(env, database.db, logger, now);
try {
  const user = await findUserByEmail(database.db, email.trim().toLowerCase());
  if (!user) {
    console.error(`no account has the e-mail ${email}`);
    process.exitCode = 1;
  } else {
    const freezes = operatorFreezes({ db: database.db, mail, logger, now, env, contactOf: (id) => userContact(database.db, id) });
    if (command === "unfreeze") {
      const since = await freezes.lift(user.id);
      console.log(
        since
          ? `lifted the freeze of ${user.email} (frozen since ${since.toISOString()}); the user was e-mailed`
          : `${user.email} was not frozen: nothing done`,
      );
    } else {
      const { frozenAt, withdrawals } = await freezes.status(user.id);
      console.log(`${user.email} (user ${user.id}): withdrawals ${frozenAt ? `frozen since ${frozenAt.toISOString()}` : "not frozen"}`);
      const counts = Object.entries(withdrawals).map(([status, n]) => `${status} ${n}`);
      console.log(`  withdrawals: ${counts.length ? counts.join(", ") : "none"}`);
    }
  }
} finally {
  await mail.close();
  await database.close();
}
