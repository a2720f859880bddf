CREATE TABLE "page_view_budgets" (
	"client" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"locale" text NOT NULL,
	"referrer" text
);
--> statement-breakpoint
CREATE INDEX "page_view_budgets_window_start_idx" ON "page_view_budgets" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "page_views_viewed_at_idx" ON "page_views" USING btree ("viewed_at");--> statement-breakpoint
-- hand-written below
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_bounded" CHECK (char_length("path") BETWEEN 1 AND 512 AND left("path", 1) = '/' AND char_length("title") BETWEEN 1 AND 200 AND ("referrer" IS NULL OR char_length("referrer") <= 512));--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_locale_known" CHECK ("locale" IN ('en', 'ar'));--> statement-breakpoint
ALTER TABLE "page_view_budgets" ADD CONSTRAINT "page_view_budgets_count_positive" CHECK ("count" > 0);
