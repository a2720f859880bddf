// Identity verification's calls (spec section 7: /user/check-kyc-verification, /user/kyc/details,
// and /user/kyc/submit for the form). Each reads or writes only the signed-in user's records.
import { kycSubmitSchemaAt, type KycDetails } from "../../../contract/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import type { Env } from "../../env.ts";
import { KycRefused, stateOf } from "./applications.ts";
import type { KycApplication } from "./schema.ts";
import type { Kyc } from "./service.ts";

/** The uploads a submission's photos must be: the user's own, of the purpose asked (the files module's). */
export interface KycPhotoFiles {
  owned(ownerId: string, fileId: string, purpose: "kycDocument" | "kycSelfie"): Promise<unknown>;
}

export interface KycRouteDeps {
  env: Pick<Env, "KYC_CARD_BUY_THRESHOLD_USD">;
  now: () => Date;
  kyc: Pick<Kyc, "applications">;
  /** Absent: the photo ids are checked for their form only. */
  files?: KycPhotoFiles;
}

const PHOTOS = [
  ["frontFileId", "kycDocument"],
  ["backFileId", "kycDocument"],
  ["selfieFileId", "kycSelfie"],
] as const;

export function detailsOf(row: KycApplication | null): KycDetails {
  if (!row) return { status: "notStarted", application: null };
  const reviewed = row.status !== "pending" && row.reviewedAt;
  return {
    status: row.status,
    application: {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      dateOfBirth: row.dateOfBirth,
      country: row.country,
      addressLine: row.addressLine,
      city: row.city,
      postalCode: row.postalCode,
      documentType: row.documentType,
      // The whole number stays with us: an answer read over a shoulder or from a cache shows the end only.
      documentNumberEnd: row.documentNumber.replace(/[ -]/g, "").slice(-4),
      frontFileId: row.frontFileId,
      backFileId: row.backFileId,
      selfieFileId: row.selfieFileId,
      submittedAt: row.submittedAt.toISOString(),
      review: reviewed
        ? {
            outcome: row.status === "approved" ? "approved" : "rejected",
            retryAllowed: row.status === "rejected" && row.rejectType === "retry",
            reasons: row.reasons,
            note: row.note,
            reviewedAt: row.reviewedAt!.toISOString(),
          }
        : null,
    },
  };
}

export function kycHandlers({ env, now, kyc, files }: KycRouteDeps) {
  const { applications } = kyc;
  const submitSchema = kycSubmitSchemaAt(now);
  return handlers({
    checkKyc: {
      success: "success.ok",
      handle: async (c) => ({
        ...stateOf(await applications.latest(c.var.auth.user.id)),
        cardBuyThresholdUsd: String(env.KYC_CARD_BUY_THRESHOLD_USD),
      }),
    },
    kycDetails: {
      success: "success.ok",
      handle: async (c) => detailsOf(await applications.latest(c.var.auth.user.id)),
    },
    kycSubmit: {
      success: "success.ok",
      // Who is of age is decided by the server's clock (tests move it).
      schemaFor: () => submitSchema,
      handle: async (c, body) => {
        const userId = c.var.auth.user.id;
        // Another user's upload, or a picture that is not a document photo, is as absent as a missing one.
        const missing = files
          ? (
              await Promise.all(PHOTOS.map(async ([field, purpose]) => (body[field] && !(await files.owned(userId, body[field], purpose)) ? field : null)))
            ).filter((field) => field !== null)
          : [];
        if (missing.length > 0)
          throw refuse("kycSubmit", "validation", validationData(c.var.locale, Object.fromEntries(missing.map((field) => [field, "photo.notFound" as const]))));
        try {
          return detailsOf(await applications.submit(userId, body));
        } catch (error) {
          if (error instanceof KycRefused) throw refuse("kycSubmit", error.reason);
          throw error;
        }
      },
    },
  });
}
