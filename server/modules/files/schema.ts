// The files module's tables: each stored upload, owned by the user who sent it (the bytes live in
// the file store, a folder or an S3 bucket, under `storage_key`; the row is written only after they
// are, and a file is never changed once stored: a new upload is a new id), and each upload taken
// in, counted against UPLOADS_PER_HOUR (kept an hour, whatever became of the file).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys } from "../../platform/db/keys.ts";
import type { FilePurpose } from "../../../contract/index.ts";

export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => userKeys.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<FilePurpose>().notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** SHA-256 of the stored bytes, hex: the ETag, and a check on what the store gives back. */
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("files_owner_idx").on(t.ownerId, t.createdAt),
    check("files_purpose", sql`${t.purpose} IN ('avatar', 'kycDocument', 'kycSelfie')`),
    check("files_size", sql`${t.size} > 0 AND ${t.width} > 0 AND ${t.height} > 0`),
    check("files_sha256", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type FileRow = typeof files.$inferSelect;

/** One upload taken in for checking and re-encoding: the last hour's rows of a user are its uploads counted. */
export const fileUploads = pgTable(
  "file_uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => userKeys.id, { onDelete: "cascade" }),
    at: at("at").notNull(),
  },
  (t) => [index("file_uploads_user_at_idx").on(t.userId, t.at)],
);
