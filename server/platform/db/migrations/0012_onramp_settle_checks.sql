CREATE TABLE "onramp_deliveries_for_review" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"order_id" uuid,
	"external_id" text,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"asset" text,
	"delivered_units" numeric(40, 0),
	"at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD COLUMN "provider_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onramp_deliveries_for_review" ADD CONSTRAINT "onramp_deliveries_for_review_order_id_onramp_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."onramp_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onramp_deliveries_for_review_idx" ON "onramp_deliveries_for_review" USING btree ("provider","provider_order_id","reason");--> statement-breakpoint
CREATE INDEX "onramp_sandbox_orders_external_idx" ON "onramp_sandbox_orders" USING btree ("external_id");