// The KYC machine's vocabulary. Request and answer shapes are the contract's.
import type { KycDetails, KycStatus, KycSubmitBody } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";

export type { KycDetails, KycStatus };

/** How long the pending page waits between asks for the review's outcome. */
export const KYC_POLL_MS = 3_000;

/** The form's text fields, as the contract's submit body has them (the photos travel apart). */
export type KycFormFields = Omit<KycSubmitBody, "frontFileId" | "backFileId" | "selfieFileId">;

/** The photos picked in the form; the app uploads them (/file/add) before submitting their ids. */
export interface KycPhotos {
  front: Blob;
  back: Blob | null;
  selfie: Blob;
}

export type KycPhotoIds = Pick<KycSubmitBody, "frontFileId" | "backFileId" | "selfieFileId">;

/** Which step a failure belongs to: reading the state, uploading the photos, or submitting. */
export type KycFlow = "load" | "upload" | "submit";
export type KycFailure = Failure<KycFlow>;

export interface KycContext {
  /** The latest answer of /user/kyc/details (or of the submit). */
  details: KycDetails | null;
  /** What the user sent, kept while its photos upload and it is submitted. */
  draft: { form: KycFormFields; photos: KycPhotos } | null;
  /** The uploaded photos' ids, once the upload answered. */
  photoIds: KycPhotoIds | null;
  failure: KycFailure | null;
}

export type KycEvent =
  | { type: "kyc.submit"; form: KycFormFields; photos: KycPhotos }
  /** Ask again after the state could not be read. */
  | { type: "kyc.reload" }
  /** After a rejection that allows it: a new form. */
  | { type: "kyc.startOver" };

/**
 * Tags views read: `loading` (first read), `form`, `busy` (uploading or submitting, with which),
 * `pending`, `approved`, `rejected` (with `retryAllowed` or `final`), `loadFailed`.
 */
export type KycTag =
  "loading" | "form" | "busy" | "uploading" | "submitting" | "pending" | "checking" | "approved" | "rejected" | "retryAllowed" | "final" | "loadFailed";
