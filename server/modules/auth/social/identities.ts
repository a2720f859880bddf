import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, TERMS_VERSION } from "../../../../contract/index.ts";
import { findUserByEmail } from "../users.ts";
import type { Db } from "../../../platform/db/open.ts";
import { socialIdentities, users, type User } from "../schema.ts";
import type { Locale } from "../../../platform/i18n/index.ts";
import type { SocialProfile, SocialProvider } from "./providers.ts";

export type IdentityOutcome =
  | { ok: true; user: User; created: boolean }
  // No account for this identity, and the provider gave no usable e-mail to make one with.
  | { ok: false; reason: "noEmail" }
  // Someone already has this e-mail: they sign in their usual way; nothing is linked for them.
  | { ok: false; reason: "emailTaken" };

const emailOf = (email: string | undefined) => {
  const parsed = z.email().max(EMAIL_MAX_LENGTH).safeParse(email?.trim().toLowerCase());
  return parsed.success ? parsed.data : undefined;
};

async function identityUser(db: Db, { issuer, subject }: SocialProfile) {
  const [row] = await db
    .select({ identity: socialIdentities, user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.issuer, issuer), eq(socialIdentities.subject, subject)));
  return row;
}

/**
 * The account of a provider identity (issuer + subject). A new identity gets a new account when
 * its e-mail is free; an e-mail that an account already uses is never linked automatically,
 * since whoever controls the provider account may not own that account.
 */
export async function userForIdentity(
  db: Db,
  profile: SocialProfile,
  { provider, locale, now }: { provider: SocialProvider; locale: Locale; now: Date },
): Promise<IdentityOutcome> {
  const email = emailOf(profile.email);
  const existing = async (): Promise<IdentityOutcome | undefined> => {
    const known = await identityUser(db, profile);
    if (!known) return undefined;
    await db
      .update(socialIdentities)
      .set({ lastUsedAt: now, email: email ?? known.identity.email, emailVerified: profile.emailVerified })
      .where(eq(socialIdentities.id, known.identity.id));
    return { ok: true, user: known.user, created: false };
  };
  const known = await existing();
  if (known) return known;
  if (!email) return { ok: false, reason: "noEmail" };

  const created = (await findUserByEmail(db, email))
    ? undefined
    : await db.transaction(async (tx) => {
        // A concurrent callback may have taken the e-mail since the check: then nothing is written.
        const [user] = await tx
          .insert(users)
          .values({
            email,
            // A provider's name is someone else's data: control characters (which PostgreSQL text
            // cannot always hold) become spaces rather than failing the sign-in.
            fullName:
              profile.name
                ?.replace(/[\p{Cc}]+/gu, " ")
                .trim()
                .slice(0, NAME_MAX_LENGTH) ?? "",
            passwordHash: null,
            locale,
            emailVerifiedAt: profile.emailVerified ? now : null,
            // The provider buttons carry the note "By continuing … you accept the Terms": pressing one accepts this version.
            termsVersion: TERMS_VERSION,
            termsAcceptedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (!user) return undefined;
        await tx.insert(socialIdentities).values({
          userId: user.id,
          provider,
          issuer: profile.issuer,
          subject: profile.subject,
          email,
          emailVerified: profile.emailVerified,
          createdAt: now,
          lastUsedAt: now,
        });
        return user;
      });
  if (created) return { ok: true, user: created, created: true };
  // The e-mail is in use: by another account, or by this very identity, made by a callback
  // running at the same time since the first look.
  return (await existing()) ?? { ok: false, reason: "emailTaken" };
}
