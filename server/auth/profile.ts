import type { User } from "../db/schema.ts";

/** What a signed-in user may see of their own record: never the password hash. */
export function publicProfile(user: User) {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}
