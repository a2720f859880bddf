CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"per_usd" numeric(20, 8) NOT NULL,
	"origin" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
-- hand-written below
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_per_usd_positive" CHECK ("per_usd" > 0);--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_origin_known" CHECK ("origin" IN ('seen', 'history'));
