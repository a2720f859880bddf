INSERT INTO "ledger_account_kinds" ("code", "description") VALUES ('receivable', 'What a user owes the house in one asset (a card payment reversed after its crypto was spent): may go below zero; its debit balance is the debt.');--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_user_owned";--> statement-breakpoint
ALTER TABLE "onramp_orders" DROP CONSTRAINT "onramp_orders_status";--> statement-breakpoint
ALTER TABLE "onramp_orders" DROP CONSTRAINT "onramp_orders_credited_iff_completed";--> statement-breakpoint
DROP INDEX "ledger_accounts_user_asset_idx";--> statement-breakpoint
DROP INDEX "onramp_deliveries_for_review_idx";--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD COLUMN "debt_units" numeric(40, 0);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_code_asset_idx" ON "ledger_accounts" USING btree ("user_id","code","asset") WHERE "ledger_accounts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "onramp_deliveries_for_review_once_idx" ON "onramp_deliveries_for_review" USING btree ("provider","provider_order_id","reason","status");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_owned" CHECK (("ledger_accounts"."code" IN ('user', 'receivable')) = ("ledger_accounts"."user_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD CONSTRAINT "onramp_orders_reversed_iff_credit_returned" CHECK (("onramp_orders"."reversed_at" IS NOT NULL) = ("onramp_orders"."credited_at" IS NOT NULL AND "onramp_orders"."status" IN ('refunded', 'chargedBack')) AND ("onramp_orders"."debt_units" IS NULL OR "onramp_orders"."reversed_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD CONSTRAINT "onramp_orders_status" CHECK ("onramp_orders"."status" IN ('pending', 'processing', 'completed', 'failed', 'cancelled', 'expired', 'refunded', 'chargedBack'));--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD CONSTRAINT "onramp_orders_credited_iff_completed" CHECK (("onramp_orders"."status" <> 'completed' OR "onramp_orders"."credited_at" IS NOT NULL) AND ("onramp_orders"."credited_at" IS NULL OR "onramp_orders"."status" IN ('completed', 'refunded', 'chargedBack')));