import type { SignedInUser } from "../../../contract/index.ts";
import type { User } from "./schema.ts";

export type PublicProfile = Omit<SignedInUser, "Token">;

/** What a signed-in user may see of their own record: whether a password exists, never its hash. */
export function publicProfile(user: User): PublicProfile {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    providers: [], // filled in by the sign-in methods work (issue 11)
    createdAt: user.createdAt.toISOString(),
  };
}
