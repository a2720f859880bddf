CREATE TABLE "kyc_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"country" text NOT NULL,
	"address_line" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"front_file_id" text NOT NULL,
	"back_file_id" text,
	"selfie_file_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"decide_at" timestamp with time zone,
	"reject_type" text,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"note" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "kyc_applications_status_check" CHECK (status IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "kyc_applications_reject_check" CHECK ((status = 'rejected') = (reject_type IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_applications_user_idx" ON "kyc_applications" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_applications_ref_idx" ON "kyc_applications" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applications_one_pending_idx" ON "kyc_applications" USING btree ("user_id") WHERE status = 'pending';