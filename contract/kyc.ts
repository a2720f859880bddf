// Identity verification (spec section 7: /user/check-kyc-verification, /user/kyc/details, and the
// form's submit at /user/kyc/submit). The photos travel as ids of files the user uploaded first.
import { z } from "zod";
import { formProblem, textError } from "./fields.ts";
import { isCountryCode } from "./countries.ts";
import {
  KYC_ADDRESS_MAX_LENGTH,
  KYC_DOCUMENT_TYPES,
  KYC_REJECT_REASONS,
  KYC_STATUSES,
  KYC_TEXT_MAX_LENGTH,
  latestBirthDate,
  needsBackPhoto,
} from "./kycVocabulary.ts";

export * from "./kycVocabulary.ts";
export { COUNTRY_CODES, alpha3Of, isCountryCode } from "./countries.ts";

// Letters of any script, marks, spaces, apostrophes, hyphens and dots: names as passports print them.
const personName = z
  .string({ error: textError("name.required") })
  .trim()
  .min(1, { error: "name.required" })
  .max(KYC_TEXT_MAX_LENGTH, { error: "name.tooLong" })
  .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, { error: "field.invalid" });
const text = (max: number) => z.string({ error: textError() }).trim().min(1, { error: "field.required" }).max(max, { error: "field.invalid" });
const isoDate = z
  .string({ error: textError() })
  .trim()
  .min(1, { error: "field.required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "date.invalid" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: "date.invalid",
  });
/** An uploaded file's id (the files module's). */
const fileId = z
  .string({ error: textError("photo.required") })
  .trim()
  .min(1, { error: "photo.required" })
  .max(100, { error: "field.invalid" })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "field.invalid" });

/** The form as sent; `today` decides who is of age (the server's clock, or the browser's for the form). */
export function kycSubmitSchemaAt(today: () => Date) {
  return z
    .strictObject({
      firstName: personName,
      lastName: personName,
      dateOfBirth: isoDate.refine((value) => value <= latestBirthDate(today()), { error: "kyc.underage" }),
      country: z.string({ error: textError() }).trim().toUpperCase().refine(isCountryCode, { error: "country.unknown" }),
      addressLine: text(KYC_ADDRESS_MAX_LENGTH),
      city: text(KYC_TEXT_MAX_LENGTH),
      postalCode: z.string({ error: formProblem }).trim().max(20, { error: "field.invalid" }).default(""),
      documentType: z.enum(KYC_DOCUMENT_TYPES, { error: "document.typeUnknown" }),
      documentNumber: z
        .string({ error: textError() })
        .trim()
        .toUpperCase()
        .min(1, { error: "field.required" })
        .regex(/^[A-Z0-9][A-Z0-9 -]{2,29}$/, { error: "document.numberInvalid" }),
      frontFileId: fileId,
      backFileId: fileId.optional(),
      selfieFileId: fileId,
    })
    .superRefine((value, context) => {
      if (needsBackPhoto(value.documentType) && !value.backFileId) context.addIssue({ code: "custom", path: ["backFileId"], message: "photo.required" });
    });
}

export const kycSubmitSchema = kycSubmitSchemaAt(() => new Date());
export type KycSubmitBody = z.input<typeof kycSubmitSchema>;

const statusSchema = z.enum(KYC_STATUSES);
const reviewSchema = z.object({
  outcome: z.enum(["approved", "rejected"]),
  /** A rejection the user may answer with a new submission; false for an approval or a final rejection. */
  retryAllowed: z.boolean(),
  reasons: z.array(z.enum(KYC_REJECT_REASONS)),
  /** The reviewer's words for the user, when they wrote any (in the reviewer's language). */
  note: z.string().nullable(),
  reviewedAt: z.iso.datetime(),
});

// /user/check-kyc-verification: where the user stands, and the gates that depend on it.
export const kycCheckSchema = z.object({
  status: statusSchema,
  retryAllowed: z.boolean(),
  submittedAt: z.iso.datetime().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  /** Card buys above this many US dollars need an approved verification. */
  cardBuyThresholdUsd: z.string(),
});
export type KycCheck = z.infer<typeof kycCheckSchema>;

// /user/kyc/details and /user/kyc/submit: the latest submission and its review.
export const kycDetailsSchema = z.object({
  status: statusSchema,
  application: z
    .object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      dateOfBirth: z.string(),
      country: z.string(),
      addressLine: z.string(),
      city: z.string(),
      postalCode: z.string(),
      documentType: z.enum(KYC_DOCUMENT_TYPES),
      /** Only the last four characters are sent back. */
      documentNumberEnd: z.string(),
      frontFileId: z.string(),
      backFileId: z.string().nullable(),
      selfieFileId: z.string(),
      submittedAt: z.iso.datetime(),
      review: reviewSchema.nullable(),
    })
    .nullable(),
});
export type KycDetails = z.infer<typeof kycDetailsSchema>;
export type KycReview = z.infer<typeof reviewSchema>;

export const kycRequestSchema = z.strictObject({});
