// The port every identity provider implements: the embedded sandbox reviewer (the default) and
// Sumsub (KYC_PROVIDER=sumsub). A submission goes out through submit(); its review comes back
// through the sandbox's own schedule or a verified webhook, and settles the application once.
import type { KycDocumentType, KycRejectReason } from "../../../contract/index.ts";

export interface ProviderSubmission {
  applicationId: string;
  userId: string;
  /** The provider's id for this person from an earlier submission (a retry reuses it), if any. */
  previousRef: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  addressLine: string;
  city: string;
  postalCode: string;
  documentType: KycDocumentType;
  documentNumber: string;
  frontFileId: string;
  backFileId: string | null;
  selfieFileId: string;
}

/** A provider's decision on a submission, read from its webhook (or made by the sandbox). */
export interface Review {
  /** The provider's id for the person (Sumsub's applicantId). */
  ref: string;
  outcome: "approved" | "rejected";
  rejectType: "retry" | "final" | null;
  reasons: KycRejectReason[];
  note: string | null;
  /** When the provider made the decision: a review older than the submission is for an earlier one. */
  at: Date;
}

export interface KycProvider {
  readonly name: "sandbox" | "sumsub";
  /** Hands the submission to the provider; answers its id for the person. Throws ProviderUnavailable. */
  submit(submission: ProviderSubmission): Promise<{ ref: string }>;
  /**
   * A webhook's raw body and headers, verified by its signature: the review it carries, or null for
   * an event that is not a review. Throws WebhookRejected for a forged or unreadable delivery.
   */
  verifyWebhook?(raw: string, headers: Headers): Review | null;
}

/** The provider did not answer or refused the request: nothing was submitted. */
export class ProviderUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`kyc provider unavailable: ${detail}`);
    this.name = "ProviderUnavailable";
  }
}

export class WebhookRejected extends Error {
  constructor(readonly reason: "missingSignature" | "badSignature" | "unknownAlgorithm" | "badPayload") {
    super(`kyc webhook rejected: ${reason}`);
    this.name = "WebhookRejected";
  }
}
