import type { SignedInUser } from "../../src/lib/contract/auth.ts";
import type { User } from "../db/schema.ts";
import type { Services } from "../http/types.ts";
import { publicProfile } from "./profile.ts";
import { createSession } from "./sessions.ts";

/** Every sign-in (password or code) starts a new session: a token is never reused or extended. */
export async function signIn(s: Services, user: User): Promise<SignedInUser> {
  const { token } = await createSession(s.database.db, user.id, { now: s.now(), absoluteDays: s.env.SESSION_ABSOLUTE_DAYS });
  return { ...publicProfile(user), Token: token };
}
