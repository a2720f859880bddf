// Sumsub's webhooks: the raw body signed with the webhook's secret key, the HMAC's hex in
// X-Payload-Digest and its algorithm in X-Payload-Digest-Alg. Only `applicantReviewed` carries a
// decision: reviewAnswer GREEN (approved) or RED with reviewRejectType RETRY or FINAL.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { KycRejectReason } from "../../../contract/index.ts";
import { WebhookRejected, type Review } from "./provider.ts";

const ALGORITHMS: Record<string, string> = { HMAC_SHA1_HEX: "sha1", HMAC_SHA256_HEX: "sha256", HMAC_SHA512_HEX: "sha512" };

/** Sumsub's rejection labels, in the reasons the SPA words; a label not listed is "other". */
const LABELS: Record<string, KycRejectReason> = {
  UNSATISFACTORY_PHOTOS: "documentUnreadable",
  SCREENSHOTS: "documentUnreadable",
  BAD_PROOF_OF_IDENTITY: "documentUnreadable",
  DOCUMENT_DAMAGED: "documentUnreadable",
  LOW_QUALITY: "documentUnreadable",
  EXPIRATION_DATE: "documentExpired",
  DOCUMENT_PAGE_MISSING: "documentIncomplete",
  INCOMPLETE_DOCUMENT: "documentIncomplete",
  FRONT_SIDE_MISSING: "documentIncomplete",
  BACK_SIDE_MISSING: "documentIncomplete",
  BAD_SELFIE: "selfieMismatch",
  BAD_FACE_MATCHING: "selfieMismatch",
  SELFIE_MISMATCH: "selfieMismatch",
  PROBLEMATIC_APPLICANT_DATA: "dataMismatch",
  REQUESTED_DATA_MISMATCH: "dataMismatch",
  DB_DATA_MISMATCH: "dataMismatch",
  WRONG_ADDRESS: "dataMismatch",
  AGE_REQUIREMENT_MISMATCH: "underage",
  WRONG_USER_REGION: "unsupportedCountry",
  FORGERY: "fraudSuspected",
  GRAPHIC_EDITOR: "fraudSuspected",
  FRAUDULENT_PATTERNS: "fraudSuspected",
};

const reviewed = z.object({
  type: z.literal("applicantReviewed"),
  applicantId: z.string().min(1).max(100),
  reviewResult: z.object({
    reviewAnswer: z.enum(["GREEN", "RED"]),
    reviewRejectType: z.enum(["RETRY", "FINAL"]).optional(),
    rejectLabels: z.array(z.string()).optional(),
    moderationComment: z.string().max(2000).optional(),
  }),
  createdAtMs: z.union([z.string().max(40), z.number()]).optional(),
  createdAt: z.string().max(40).optional(),
});

// Sumsub writes both as "2026-11-28 12:00:00.123" in UTC (createdAtMs despite its name); epoch milliseconds are read too.
const parseWhen = (value: string | number): Date =>
  typeof value === "number" || /^\d+$/.test(value) ? new Date(Number(value)) : new Date(`${value.trim().replace(" ", "T")}Z`);

function whenOf(body: z.infer<typeof reviewed>): Date | null {
  const value = body.createdAtMs ?? body.createdAt;
  return value === undefined ? null : parseWhen(value);
}

export function readSumsubWebhook(raw: string, headers: Headers, secret: string): Review | null {
  const digest = headers.get("x-payload-digest");
  if (!digest) throw new WebhookRejected("missingSignature");
  const algorithm = ALGORITHMS[headers.get("x-payload-digest-alg") ?? "HMAC_SHA256_HEX"];
  if (!algorithm) throw new WebhookRejected("unknownAlgorithm");
  const expected = createHmac(algorithm, secret).update(raw, "utf8").digest();
  const given = /^[0-9a-f]+$/i.test(digest) ? Buffer.from(digest, "hex") : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected("badSignature");
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new WebhookRejected("badPayload");
  }
  if ((json as { type?: unknown } | null)?.type !== "applicantReviewed") return null;
  const parsed = reviewed.safeParse(json);
  const at = parsed.success ? whenOf(parsed.data) : null;
  if (!parsed.success || !at || Number.isNaN(at.getTime())) throw new WebhookRejected("badPayload");
  const result = parsed.data.reviewResult;
  if (result.reviewAnswer === "GREEN") return { ref: parsed.data.applicantId, outcome: "approved", rejectType: null, reasons: [], note: null, at };
  const reasons = [...new Set((result.rejectLabels ?? []).map((label) => LABELS[label] ?? "other"))];
  return {
    ref: parsed.data.applicantId,
    outcome: "rejected",
    rejectType: result.reviewRejectType === "FINAL" ? "final" : "retry",
    reasons: reasons.length > 0 ? reasons : ["other"],
    note: result.moderationComment?.trim() || null,
    at,
  };
}
