CREATE TABLE "onramp_order_steps" (
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "onramp_order_steps_order_id_step_pk" PRIMARY KEY("order_id","step")
);
--> statement-breakpoint
CREATE TABLE "onramp_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"asset" text NOT NULL,
	"currency" text NOT NULL,
	"fiat_cents" numeric(40, 0) NOT NULL,
	"gross_units" numeric(40, 0) NOT NULL,
	"fee_units" numeric(40, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"price" text NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"status" text NOT NULL,
	"payment_url" text,
	"credited_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onramp_orders_status" CHECK ("onramp_orders"."status" IN ('pending', 'processing', 'completed', 'failed', 'cancelled', 'expired')),
	CONSTRAINT "onramp_orders_amounts" CHECK ("onramp_orders"."fiat_cents" > 0 AND "onramp_orders"."gross_units" > 0 AND "onramp_orders"."fee_units" >= 0 AND "onramp_orders"."fee_units" < "onramp_orders"."gross_units"),
	CONSTRAINT "onramp_orders_credited_iff_completed" CHECK (("onramp_orders"."status" = 'completed') = ("onramp_orders"."credited_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "onramp_sandbox_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onramp_sandbox_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text NOT NULL,
	"asset" text NOT NULL,
	"currency" text NOT NULL,
	"fiat_cents" numeric(40, 0) NOT NULL,
	"crypto_units" numeric(40, 0) NOT NULL,
	"decimals" integer NOT NULL,
	"locale" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"next_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "onramp_sandbox_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"deliver_after" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "onramp_order_steps" ADD CONSTRAINT "onramp_order_steps_order_id_onramp_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."onramp_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD CONSTRAINT "onramp_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onramp_orders" ADD CONSTRAINT "onramp_orders_asset_assets_symbol_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onramp_sandbox_webhooks" ADD CONSTRAINT "onramp_sandbox_webhooks_order_id_onramp_sandbox_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."onramp_sandbox_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onramp_orders_user_key_idx" ON "onramp_orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "onramp_orders_provider_order_idx" ON "onramp_orders" USING btree ("provider","provider_order_id");--> statement-breakpoint
CREATE INDEX "onramp_orders_user_created_idx" ON "onramp_orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "onramp_orders_open_idx" ON "onramp_orders" USING btree ("updated_at") WHERE "onramp_orders"."status" IN ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "onramp_sandbox_orders_next_idx" ON "onramp_sandbox_orders" USING btree ("next_at") WHERE "onramp_sandbox_orders"."next_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "onramp_sandbox_webhooks_due_idx" ON "onramp_sandbox_webhooks" USING btree ("deliver_after") WHERE "onramp_sandbox_webhooks"."delivered_at" IS NULL;