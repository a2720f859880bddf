// The verification records: submit (one under review per user at a time), read the latest, and
// settle a review once. Every gate (card buys, withdrawals) reads the state through kycStatus.
import { and, desc, eq, lt, lte } from "drizzle-orm";
import type { KycCheck, KycSubmitBody } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { ProviderUnavailable, type KycProvider, type Review } from "./provider.ts";
import { sandboxDecision } from "./sandbox.ts";
import { kycApplications, type KycApplication } from "./schema.ts";

export type SubmitRefusal = "kycInReview" | "kycAlreadyApproved" | "kycRejectedFinal" | "kycUnavailable";

export class KycRefused extends Error {
  constructor(readonly reason: SubmitRefusal) {
    super(reason);
    this.name = "KycRefused";
  }
}

/** A gate's refusal: the user's identity is not verified (withdrawals map it to their route's kycRequired). */
export class KycNotApproved extends Error {
  constructor(readonly status: KycCheck["status"]) {
    super(`kyc not approved: ${status}`);
    this.name = "KycNotApproved";
  }
}

const uniqueViolation = (error: unknown): boolean => {
  for (let at = error; at && typeof at === "object"; at = (at as { cause?: unknown }).cause) if ((at as { code?: unknown }).code === "23505") return true;
  return false;
};

/** The user's latest submission, or null when they never submitted. */
export async function latestApplication(db: Db, userId: string): Promise<KycApplication | null> {
  const [row] = await db
    .select()
    .from(kycApplications)
    .where(eq(kycApplications.userId, userId))
    .orderBy(desc(kycApplications.submittedAt), desc(kycApplications.id))
    .limit(1);
  return row ?? null;
}

export type KycState = Omit<KycCheck, "cardBuyThresholdUsd">;

export function stateOf(row: KycApplication | null): KycState {
  if (!row) return { status: "notStarted", retryAllowed: false, submittedAt: null, reviewedAt: null };
  return {
    status: row.status,
    retryAllowed: row.status === "rejected" && row.rejectType === "retry",
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

/** Where the user's verification stands: what every gate reads. */
export async function kycStatus(db: Db, userId: string): Promise<KycState> {
  return stateOf(await latestApplication(db, userId));
}

/** Throws KycNotApproved unless the user's latest verification was approved. */
export async function requireKycApproved(db: Db, userId: string): Promise<void> {
  const { status } = await kycStatus(db, userId);
  if (status !== "approved") throw new KycNotApproved(status);
}

export interface ApplicationsDeps {
  db: Db;
  now: () => Date;
  logger: Logger;
  provider: KycProvider;
  /** How long the sandbox takes to decide (KYC_SANDBOX_REVIEW_SECONDS). */
  sandboxReviewMs: number;
}

export function createApplications({ db, now, logger, provider, sandboxReviewMs }: ApplicationsDeps) {
  async function submit(userId: string, body: Required<Omit<KycSubmitBody, "backFileId">> & { backFileId?: string }): Promise<KycApplication> {
    const previous = await latestApplication(db, userId);
    if (previous?.status === "pending") throw new KycRefused("kycInReview");
    if (previous?.status === "approved") throw new KycRefused("kycAlreadyApproved");
    if (previous?.status === "rejected" && previous.rejectType === "final") throw new KycRefused("kycRejectedFinal");
    const submittedAt = now();
    let row: KycApplication;
    try {
      // The row first: the one-pending index refuses a second submission before any provider hears of it.
      [row] = (await db
        .insert(kycApplications)
        .values({
          userId,
          status: "pending",
          firstName: body.firstName,
          lastName: body.lastName,
          dateOfBirth: body.dateOfBirth,
          country: body.country,
          addressLine: body.addressLine,
          city: body.city,
          postalCode: body.postalCode,
          documentType: body.documentType,
          documentNumber: body.documentNumber,
          frontFileId: body.frontFileId,
          backFileId: body.backFileId ?? null,
          selfieFileId: body.selfieFileId,
          provider: provider.name,
          decideAt: provider.name === "sandbox" ? new Date(submittedAt.getTime() + sandboxReviewMs) : null,
          submittedAt,
        })
        .returning()) as [KycApplication];
    } catch (error) {
      if (uniqueViolation(error)) throw new KycRefused("kycInReview");
      throw error;
    }
    try {
      const { ref } = await provider.submit({ ...row, applicationId: row.id, previousRef: previous?.providerRef ?? null });
      const [updated] = await db.update(kycApplications).set({ providerRef: ref }).where(eq(kycApplications.id, row.id)).returning();
      return updated!;
    } catch (error) {
      // Nothing reached review: the user may send the form again.
      await db.delete(kycApplications).where(eq(kycApplications.id, row.id));
      if (error instanceof ProviderUnavailable) {
        logger.warn("kyc.providerUnavailable", { provider: provider.name, detail: error.detail });
        throw new KycRefused("kycUnavailable");
      }
      throw error;
    }
  }

  /**
   * Settles the pending submission the review is for, once: a repeated or late review (one made
   * not after the submission it would settle, i.e. for an earlier one) changes nothing. Answers the
   * row settled, or null.
   */
  async function settle(review: Review): Promise<KycApplication | null> {
    const [row] = await db
      .update(kycApplications)
      .set({
        status: review.outcome,
        rejectType: review.outcome === "rejected" ? (review.rejectType ?? "retry") : null,
        reasons: review.outcome === "rejected" ? review.reasons : [],
        note: review.note,
        reviewedAt: now(),
      })
      .where(
        and(
          eq(kycApplications.provider, provider.name),
          eq(kycApplications.providerRef, review.ref),
          eq(kycApplications.status, "pending"),
          lt(kycApplications.submittedAt, review.at),
        ),
      )
      .returning();
    if (row) logger.info("kyc.reviewed", { applicationId: row.id, outcome: review.outcome, rejectType: row.rejectType });
    return row ?? null;
  }

  /** The sandbox's pass: decides every submission whose review time has come. */
  async function decideDue(): Promise<number> {
    if (provider.name !== "sandbox") return 0;
    const at = now();
    const due = await db
      .select({ ref: kycApplications.providerRef, lastName: kycApplications.lastName })
      .from(kycApplications)
      .where(and(eq(kycApplications.status, "pending"), eq(kycApplications.provider, "sandbox"), lte(kycApplications.decideAt, at)))
      .orderBy(kycApplications.decideAt)
      .limit(100);
    let decided = 0;
    for (const { ref, lastName } of due) if (ref && (await settle(sandboxDecision(lastName, ref, at)))) decided++;
    return decided;
  }

  return { submit, settle, decideDue, latest: (userId: string) => latestApplication(db, userId) };
}

export type Applications = ReturnType<typeof createApplications>;
