import type { CustomFetch } from "openid-client";
import type { PlatformDeps } from "../../platform/deps.ts";
import type { MailService } from "../../platform/mail/index.ts";
import type { PasswordHasher } from "./password.ts";

/** What auth needs from the composition root. */
export interface AuthDeps extends PlatformDeps {
  hasher: PasswordHasher;
  mail: MailService;
  /** How the server reaches real social providers (Google, Apple, Facebook); tests pass a fake. */
  socialFetch?: CustomFetch;
}
