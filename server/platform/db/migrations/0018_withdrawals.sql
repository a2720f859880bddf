CREATE TABLE "withdraw_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"memo" text,
	"link_token_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"usable_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "withdraw_addresses_link_token_hash_unique" UNIQUE("link_token_hash"),
	CONSTRAINT "withdraw_addresses_confirmed" CHECK (("withdraw_addresses"."confirmed_at" IS NULL) = ("withdraw_addresses"."usable_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "withdraw_freeze_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_freezes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"address_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"label" text NOT NULL,
	"asset" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"memo" text,
	"decimals" integer NOT NULL,
	"amount_units" numeric(40, 0) NOT NULL,
	"fee_units" numeric(40, 0) NOT NULL,
	"usd_cents" numeric(40, 0) NOT NULL,
	"status" text NOT NULL,
	"txid" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"hold_id" uuid,
	"fee_hold_id" uuid,
	"confirmed_at" timestamp with time zone,
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount_units" > "withdrawals"."fee_units" AND "withdrawals"."fee_units" >= 0 AND "withdrawals"."usd_cents" >= 0),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" IN ('awaitingCode', 'queued', 'broadcast', 'confirming', 'completed', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdraw_addresses" ADD CONSTRAINT "withdraw_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_freeze_links" ADD CONSTRAINT "withdraw_freeze_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_freezes" ADD CONSTRAINT "withdraw_freezes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_address_id_withdraw_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdraw_addresses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdraw_addresses_user_idx" ON "withdraw_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_key_idx" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_next_step_idx" ON "withdrawals" USING btree ("next_step_at") WHERE "withdrawals"."next_step_at" IS NOT NULL;