CREATE TABLE "newsletter_deliveries" (
	"issue_slug" text NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_issue_slug_subscriber_id_pk" PRIMARY KEY("issue_slug","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_status" CHECK ("newsletter_deliveries"."status" IN ('sending', 'sent', 'failed')),
	CONSTRAINT "newsletter_deliveries_locale" CHECK ("newsletter_deliveries"."locale" IN ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");