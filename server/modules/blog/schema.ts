// The blog module's table: the posts and partner pages loaded from the content files at start.
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";

/**
 * One post or partner page in one language. A file's row is updated in place when the file
 * changes, and unpublished (kept, never shown) when the file is gone, so an address that once
 * worked answers "not found" rather than an error.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "post" (the blog) or "partner" (a partner page). */
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    language: text("language").notNull(),
    /** Links a post to its translations: the same key in each language's file. */
    translationKey: text("translation_key").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    /** A post's category; a partner's kind of business. */
    category: text("category").notNull(),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    coverUrl: text("cover_url").notNull(),
    coverAlt: text("cover_alt").notNull(),
    /** A partner's own site; null for posts. */
    website: text("website"),
    /** Partners are listed by this, then by name. */
    position: integer("position").notNull().default(0),
    html: text("html").notNull(),
    /** The text without markup, for the search. */
    plainText: text("plain_text").notNull(),
    readingMinutes: integer("reading_minutes").notNull(),
    /** SHA-256 of the file: an unchanged file is not written again. */
    sourceHash: text("source_hash").notNull(),
    published: boolean("published").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("content_entries_kind_slug_language_key").on(t.kind, t.slug, t.language),
    index("content_entries_listing_idx").on(t.kind, t.language, t.published, t.publishedOn),
  ],
);

export type ContentEntry = typeof contentEntries.$inferSelect;
