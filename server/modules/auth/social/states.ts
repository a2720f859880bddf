import { eq } from "drizzle-orm";
import { SOCIAL } from "../limits.ts";
import { hashToken } from "../sessions.ts";
import type { Db } from "../../../platform/db/open.ts";
import { oauthStates, type OauthState } from "../schema.ts";
import type { Locale } from "../../../platform/i18n/index.ts";
import type { Attempt, SocialProvider } from "./providers.ts";

export interface NewState {
  provider: SocialProvider;
  requestId: string;
  locale: Locale;
  attempt: Attempt;
  now: Date;
}

/** Keeps an attempt until its callback; only the state's hash is stored, like every token here. */
export async function saveState(db: Db, { provider, requestId, locale, attempt, now }: NewState): Promise<void> {
  await db.insert(oauthStates).values({
    stateHash: hashToken(attempt.state),
    provider,
    requestId,
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
    redirectUri: attempt.redirectUri,
    locale,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SOCIAL.stateTtlMs),
  });
}

export type StateCheck = { ok: true; row: OauthState } | { ok: false; reason: "unknown" } | { ok: false; reason: "expired"; row: OauthState };

/**
 * Takes the attempt a callback names. The DELETE is the check: of two callbacks with one state
 * only one gets the row, so a state works once. An expired row is gone too, but still tells
 * which popup to answer.
 */
export async function consumeState(db: Db, state: string, now: Date): Promise<StateCheck> {
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, hashToken(state)))
    .returning();
  if (!row) return { ok: false, reason: "unknown" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired", row };
  return { ok: true, row };
}
