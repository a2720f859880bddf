// Verification answers for graph specs, machine tests and view tests, typed by the contract. Only
// tests and graph specs import this file: test data never reaches the app's bundle.
import type { KycDetails, KycRejectReason, KycStatus } from "../../contract/index.ts";
import type { KycFormFields, KycPhotoIds } from "./kyc.types.ts";

export const APPLICATION_ID = "7d3f2a10-5b6c-4e8f-9a1b-2c3d4e5f6a7b";

export const kycForm: KycFormFields = {
  firstName: "Amal",
  lastName: "Haddad",
  dateOfBirth: "1990-05-17",
  country: "AE",
  addressLine: "12 Corniche Road",
  city: "Abu Dhabi",
  postalCode: "",
  documentType: "passport",
  documentNumber: "N1234567",
};

export const photoIds: KycPhotoIds = { frontFileId: "0b8e0f3a-1c2d-4e5f-8a9b-0c1d2e3f4a5b", selfieFileId: "1c9f1a4b-2d3e-4f5a-9b0c-1d2e3f4a5b6c" };

/** The details the server answers once the verification has `status` (a rejection with `retry` or final). */
export function kycDetails(
  status: KycStatus,
  { retry = true, reasons = ["documentUnreadable"] }: { retry?: boolean; reasons?: KycRejectReason[] } = {},
): KycDetails {
  if (status === "notStarted") return { status, application: null };
  return {
    status,
    application: {
      id: APPLICATION_ID,
      ...kycForm,
      postalCode: kycForm.postalCode ?? "",
      documentNumberEnd: "4567",
      frontFileId: photoIds.frontFileId,
      backFileId: null,
      selfieFileId: photoIds.selfieFileId,
      submittedAt: "2026-11-23T10:00:00.000Z",
      review:
        status === "pending"
          ? null
          : {
              outcome: status === "approved" ? "approved" : "rejected",
              retryAllowed: status === "rejected" && retry,
              reasons: status === "rejected" ? reasons : [],
              note: null,
              reviewedAt: "2026-11-23T10:00:05.000Z",
            },
    },
  };
}
