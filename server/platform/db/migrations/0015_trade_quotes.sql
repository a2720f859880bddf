CREATE TABLE "trade_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"from_decimals" integer NOT NULL,
	"to_decimals" integer NOT NULL,
	"pay_units" numeric(40, 0) NOT NULL,
	"receive_units" numeric(40, 0) NOT NULL,
	"fee_units" numeric(40, 0) NOT NULL,
	"price" text NOT NULL,
	"mid" text NOT NULL,
	"from_usd" text NOT NULL,
	"to_usd" text NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"spread_basis_points" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_quotes_kind" CHECK ("trade_quotes"."kind" IN ('buy', 'sell', 'convert')),
	CONSTRAINT "trade_quotes_side" CHECK ("trade_quotes"."side" IN ('from', 'to')),
	CONSTRAINT "trade_quotes_status" CHECK ("trade_quotes"."status" IN ('open', 'accepted')),
	CONSTRAINT "trade_quotes_accepted_at" CHECK (("trade_quotes"."status" = 'accepted') = ("trade_quotes"."accepted_at" IS NOT NULL)),
	CONSTRAINT "trade_quotes_amounts" CHECK ("trade_quotes"."pay_units" > 0 AND "trade_quotes"."receive_units" > 0 AND "trade_quotes"."fee_units" >= 0),
	CONSTRAINT "trade_quotes_two_assets" CHECK ("trade_quotes"."from_asset" <> "trade_quotes"."to_asset")
);
--> statement-breakpoint
ALTER TABLE "trade_quotes" ADD CONSTRAINT "trade_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_quotes_user_accepted_idx" ON "trade_quotes" USING btree ("user_id","accepted_at") WHERE "trade_quotes"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "trade_quotes_open_expiry_idx" ON "trade_quotes" USING btree ("expires_at") WHERE "trade_quotes"."status" = 'open';