// The KYC form's values: its text fields as the contract's schema checks them, and the photos'
// slots, which hold "picked" once a file is chosen (the machine uploads the Files themselves).
import { z } from "zod";
import { kycSubmitSchemaAt } from "../../../../contract/index.ts";
import type { KycFormFields } from "../../../../machines/kyc/kyc.types.ts";

// The photos are Files the machine uploads; the form checks only that each is there ("picked").
export const PICKED = "picked";
export const formSchema = z.preprocess(
  (value) => (typeof value === "object" && value !== null ? { ...value, backFileId: (value as { backFileId?: string }).backFileId || undefined } : value),
  kycSubmitSchemaAt(() => new Date()),
);

export type Name = keyof KycFormFields | "frontFileId" | "backFileId" | "selfieFileId";
export type Photos = { front: File | null; back: File | null; selfie: File | null };

export const EMPTY: Record<Name, string> = {
  firstName: "",
  lastName: "",
  dateOfBirth: "",
  country: "",
  addressLine: "",
  city: "",
  postalCode: "",
  documentType: "passport",
  documentNumber: "",
  frontFileId: "",
  backFileId: "",
  selfieFileId: "",
};
