import { eq } from "drizzle-orm";
import { pictureUrl, socialProviders, type SignedInUser, type SocialProviderName } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import { socialIdentities, type User } from "./schema.ts";

export type PublicProfile = Omit<SignedInUser, "Token">;

/**
 * What a signed-in user may see of their own record: whether a password exists, never its hash,
 * and the providers linked to it (none unless given: use loadProfile where they may exist).
 */
export function publicProfile(user: User, providers: readonly SocialProviderName[] = []): PublicProfile {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    providers: [...providers],
    pictureUrl: user.pictureFileId ? pictureUrl(user.pictureFileId) : null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** The providers a user can sign in with, each once, in the contract's order: one query. */
export async function linkedProviders(db: Db, userId: string): Promise<SocialProviderName[]> {
  const rows = await db.selectDistinct({ provider: socialIdentities.provider }).from(socialIdentities).where(eq(socialIdentities.userId, userId));
  const linked = new Set(rows.map((row) => row.provider));
  return socialProviders.filter((provider) => linked.has(provider));
}

/** The user's profile with the providers linked to it. */
export async function loadProfile(db: Db, user: User): Promise<PublicProfile> {
  return publicProfile(user, await linkedProviders(db, user.id));
}
