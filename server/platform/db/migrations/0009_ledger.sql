CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset" text NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid,
	"debits_must_not_exceed_credits" boolean NOT NULL,
	"debits_pending" numeric(40, 0) DEFAULT 0 NOT NULL,
	"debits_posted" numeric(40, 0) DEFAULT 0 NOT NULL,
	"credits_pending" numeric(40, 0) DEFAULT 0 NOT NULL,
	"credits_posted" numeric(40, 0) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_id_asset_unique" UNIQUE("id","asset"),
	CONSTRAINT "ledger_accounts_code" CHECK ("ledger_accounts"."code" IN ('user', 'onramp', 'fees', 'treasury')),
	CONSTRAINT "ledger_accounts_user_owned" CHECK (("ledger_accounts"."code" = 'user') = ("ledger_accounts"."user_id" IS NOT NULL)),
	CONSTRAINT "ledger_accounts_user_never_negative" CHECK ("ledger_accounts"."code" <> 'user' OR "ledger_accounts"."debits_must_not_exceed_credits"),
	CONSTRAINT "ledger_accounts_amounts_not_negative" CHECK ("ledger_accounts"."debits_pending" >= 0 AND "ledger_accounts"."debits_posted" >= 0 AND "ledger_accounts"."credits_pending" >= 0 AND "ledger_accounts"."credits_posted" >= 0),
	CONSTRAINT "ledger_accounts_debits_within_credits" CHECK (NOT "ledger_accounts"."debits_must_not_exceed_credits" OR "ledger_accounts"."debits_posted" + "ledger_accounts"."debits_pending" <= "ledger_accounts"."credits_posted")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"payload_hash" text NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(40, 0) NOT NULL,
	"phase" text NOT NULL,
	"pending_id" uuid,
	"timeout_at" timestamp with time zone,
	"code" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_phase" CHECK ("ledger_transfers"."phase" IN ('posted', 'pending', 'post', 'void', 'expire')),
	CONSTRAINT "ledger_transfers_resolves_a_hold" CHECK (("ledger_transfers"."phase" IN ('post', 'void', 'expire')) = ("ledger_transfers"."pending_id" IS NOT NULL)),
	CONSTRAINT "ledger_transfers_hold_times_out" CHECK ("ledger_transfers"."phase" <> 'pending' OR "ledger_transfers"."timeout_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset_assets_symbol_fk" FOREIGN KEY ("asset") REFERENCES "public"."assets"("symbol") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_fk" FOREIGN KEY ("debit_account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_fk" FOREIGN KEY ("credit_account_id","asset") REFERENCES "public"."ledger_accounts"("id","asset") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_asset_idx" ON "ledger_accounts" USING btree ("user_id","asset") WHERE "ledger_accounts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_asset_idx" ON "ledger_accounts" USING btree ("code","asset") WHERE "ledger_accounts"."user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_pending_once_idx" ON "ledger_transfers" USING btree ("pending_id") WHERE "ledger_transfers"."pending_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ledger_transfers_open_holds_idx" ON "ledger_transfers" USING btree ("timeout_at") WHERE "ledger_transfers"."phase" = 'pending';--> statement-breakpoint
-- Transfers are history: once written they are never changed or removed (a mistake is corrected by another transfer).
CREATE FUNCTION "ledger_transfers_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are append-only' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_append_only" BEFORE UPDATE OR DELETE ON "ledger_transfers" FOR EACH ROW EXECUTE FUNCTION "ledger_transfers_append_only"();
