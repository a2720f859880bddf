// The words of the verification's vocabulary (contract/kycVocabulary.ts), looked up when shown.
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { KycDocumentType, KycRejectReason, KycStatus } from "../../../../contract/kycVocabulary.ts";

const reasons: Record<KycRejectReason, MessageDescriptor> = {
  documentUnreadable: msg`The document photo could not be read. Take a new photo in good light, with the whole document in the frame.`,
  documentExpired: msg`The document has expired. Use a document that is still valid.`,
  documentIncomplete: msg`A side or page of the document is missing. Add every side the document has.`,
  selfieMismatch: msg`The selfie does not match the document photo. Take a new selfie, facing the camera.`,
  dataMismatch: msg`The details you entered do not match the document.`,
  underage: msg`You must be at least 18 years old.`,
  unsupportedCountry: msg`We cannot verify identities from this country yet.`,
  fraudSuspected: msg`The document could not be accepted as genuine.`,
  other: msg`The documents could not be accepted.`,
};

const documentTypes: Record<KycDocumentType, MessageDescriptor> = {
  passport: msg`Passport`,
  nationalId: msg`National ID card`,
  drivingLicence: msg`Driving licence`,
};

const statuses: Record<KycStatus, MessageDescriptor> = {
  notStarted: msg`Not verified`,
  pending: msg`Under review`,
  approved: msg`Verified`,
  rejected: msg`Not accepted`,
};

export const reasonText = (i18n: I18n, reason: KycRejectReason) => i18n._(reasons[reason]);
export const documentTypeText = (i18n: I18n, type: KycDocumentType) => i18n._(documentTypes[type]);
export const kycStatusText = (i18n: I18n, status: KycStatus) => i18n._(statuses[status]);

/** A country's name in the page's language (Intl knows every ISO 3166 code). */
export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
