// Identity verification's plain values (no zod): the machine and the views read them before the
// schemas load.

/** not started → pending (submitted, under review) → approved | rejected (retry allowed or final). */
export const KYC_STATUSES = ["notStarted", "pending", "approved", "rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const KYC_DOCUMENT_TYPES = ["passport", "nationalId", "drivingLicence"] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** A passport is photographed on its photo page only; the cards have a back too. */
export const needsBackPhoto = (type: KycDocumentType): boolean => type !== "passport";

/** Why a review refused, in words the SPA translates; a provider's labels map onto these. */
export const KYC_REJECT_REASONS = [
  "documentUnreadable",
  "documentExpired",
  "documentIncomplete",
  "selfieMismatch",
  "dataMismatch",
  "underage",
  "unsupportedCountry",
  "fraudSuspected",
  "other",
] as const;
export type KycRejectReason = (typeof KYC_REJECT_REASONS)[number];

/** The youngest age allowed to verify. */
export const KYC_MIN_AGE = 18;
export const KYC_TEXT_MAX_LENGTH = 100;
export const KYC_ADDRESS_MAX_LENGTH = 200;

/** The date `years` years before `today` (YYYY-MM-DD): a birthday on or before it is old enough. */
export function latestBirthDate(today: Date, years = KYC_MIN_AGE): string {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth();
  // Born on 29 February: of age on 1 March in a year without one.
  const day = Math.min(today.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
