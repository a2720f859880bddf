// Identity verification's calls (spec section 7: /user/check-kyc-verification, /user/kyc/details,
// and /user/kyc/submit for the form). Each reads or writes only the signed-in user's records.
import { kycSubmitSchemaAt, type KycDetails } from "../../../contract/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { Env } from "../../env.ts";
import { KycRefused, stateOf } from "./applications.ts";
import type { KycApplication } from "./schema.ts";
import type { Kyc } from "./service.ts";

export interface KycRouteDeps {
  env: Pick<Env, "KYC_CARD_BUY_THRESHOLD_USD">;
  now: () => Date;
  kyc: Pick<Kyc, "applications">;
}

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

export function kycHandlers({ env, now, kyc }: KycRouteDeps) {
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
        try {
          return detailsOf(await applications.submit(c.var.auth.user.id, body));
        } catch (error) {
          if (error instanceof KycRefused) throw refuse("kycSubmit", error.reason);
          throw error;
        }
      },
    },
  });
}
