// What contact and newsletter need, stated once: the platform, the mail port and the support address.
import type { Env } from "../../env.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import type { MailService } from "../../platform/mail/index.ts";

export interface ContactDeps {
  db: Db;
  env: Pick<Env, "SUPPORT_EMAIL" | "NODE_ENV" | "PUBLIC_URL" | "ALLOWED_HOSTS" | "TRUST_PROXY" | "HOST" | "DEV_TOOLS">;
  logger: Logger;
  now: () => Date;
  mail: MailService;
}
