import { eq } from "drizzle-orm";
import { pictureUrl, socialProviders, type SignedInUser, type SocialProviderName } from "../../../contract/index.ts";
import type { Database, Db } from "../../platform/db/open.ts";
import { socialIdentities, type User } from "./schema.ts";
import { sessionCacheFor } from "./session-cache.ts";

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

/**
 * The profile read's answer with the providers from the session cache's memory when it has them
 * (see SessionCache: writes to users and social_identities empty it). Only on the database's own
 * handle, never inside a transaction, whose reads may still be rolled back.
 */
export async function cachedProfile(database: Database, user: User): Promise<PublicProfile> {
  const cache = sessionCacheFor(database);
  const known = cache.providers(user.id);
  if (known) return publicProfile(user, known as SocialProviderName[]);
  const generation = cache.providersGeneration();
  const providers = await linkedProviders(database.db, user.id);
  cache.putProviders(user.id, providers, generation);
  return publicProfile(user, providers);
}
