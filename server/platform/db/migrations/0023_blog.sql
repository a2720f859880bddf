CREATE TABLE "content_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"translation_key" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"category" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_on" date NOT NULL,
	"cover_url" text NOT NULL,
	"cover_alt" text NOT NULL,
	"website" text,
	"position" integer DEFAULT 0 NOT NULL,
	"html" text NOT NULL,
	"plain_text" text NOT NULL,
	"reading_minutes" integer NOT NULL,
	"source_hash" text NOT NULL,
	"published" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_entries_kind_slug_language_key" ON "content_entries" USING btree ("kind","slug","language");--> statement-breakpoint
CREATE INDEX "content_entries_listing_idx" ON "content_entries" USING btree ("kind","language","published","published_on");--> statement-breakpoint
-- hand-written below
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_kind_check" CHECK ("kind" IN ('post', 'partner'));--> statement-breakpoint
ALTER TABLE "content_entries" ADD CONSTRAINT "content_entries_language_check" CHECK ("language" IN ('en', 'ar'));
