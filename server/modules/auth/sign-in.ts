import type { SignedInUser } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { User } from "./schema.ts";
import type { AuthDeps } from "./deps.ts";
import { loadProfile } from "./profile.ts";
import { createSession } from "./sessions.ts";

/**
 * Every sign-in (password or code) starts a new session: a token is never reused or extended.
 * `db` is the transaction of the sign-in's other writes, when it has some.
 */
export async function signIn(s: AuthDeps, user: User, db: Db = s.database.db): Promise<SignedInUser> {
  const { token } = await createSession(db, user.id, { now: s.now(), absoluteDays: s.env.SESSION_ABSOLUTE_DAYS });
  return { ...(await loadProfile(db, user)), Token: token };
}
