ALTER TABLE "auth_attempts" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "auth_attempts_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
-- Rows so far were failures unless marked succeeded; the default only fills them in.
ALTER TABLE "auth_attempts" ADD COLUMN "state" text NOT NULL DEFAULT 'failed';--> statement-breakpoint
UPDATE "auth_attempts" SET "state" = 'succeeded' WHERE "succeeded";--> statement-breakpoint
ALTER TABLE "auth_attempts" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "signup_full_name" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "signup_password_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_token_hashes" text[];--> statement-breakpoint
UPDATE "users" SET "signup_token_hashes" = ARRAY["signup_token_hash"], "signup_token_hash" = NULL WHERE "signup_token_hash" IS NOT NULL;
