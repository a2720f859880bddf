// Identity verification's table: one row per submission, the latest a user's current state. A
// review settles a pending row once (a conditional UPDATE), so a repeated webhook changes nothing.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys } from "../../platform/db/keys.ts";
import type { KycDocumentType, KycRejectReason } from "../../../contract/index.ts";

export type ApplicationStatus = "pending" | "approved" | "rejected";

export const kycApplications = pgTable(
  "kyc_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => userKeys.id, { onDelete: "cascade" }),
    status: text("status").$type<ApplicationStatus>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** YYYY-MM-DD, as the document prints it. */
    dateOfBirth: text("date_of_birth").notNull(),
    country: text("country").notNull(),
    addressLine: text("address_line").notNull(),
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    documentType: text("document_type").$type<KycDocumentType>().notNull(),
    documentNumber: text("document_number").notNull(),
    frontFileId: text("front_file_id").notNull(),
    backFileId: text("back_file_id"),
    selfieFileId: text("selfie_file_id").notNull(),
    provider: text("provider").$type<"sandbox" | "sumsub">().notNull(),
    /** The provider's id for this person (Sumsub's applicant id; the sandbox's own). */
    providerRef: text("provider_ref"),
    /** The sandbox decides once the clock passes this. */
    decideAt: at("decide_at"),
    rejectType: text("reject_type").$type<"retry" | "final">(),
    reasons: text("reasons")
      .array()
      .$type<KycRejectReason[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    note: text("note"),
    submittedAt: at("submitted_at").notNull(),
    reviewedAt: at("reviewed_at"),
  },
  (t) => [
    index("kyc_applications_user_idx").on(t.userId, t.submittedAt),
    index("kyc_applications_ref_idx").on(t.provider, t.providerRef),
    // One submission under review per user at a time, whatever two tabs send at once.
    uniqueIndex("kyc_applications_one_pending_idx")
      .on(t.userId)
      .where(sql`status = 'pending'`),
    check("kyc_applications_status_check", sql`status IN ('pending', 'approved', 'rejected')`),
    check("kyc_applications_reject_check", sql`(status = 'rejected') = (reject_type IS NOT NULL)`),
  ],
);

export type KycApplication = typeof kycApplications.$inferSelect;
