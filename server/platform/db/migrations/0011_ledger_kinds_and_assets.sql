CREATE TABLE "ledger_account_kinds" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_assets" (
	"code" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"decimals" integer NOT NULL,
	CONSTRAINT "ledger_assets_kind" CHECK ("ledger_assets"."kind" IN ('crypto', 'fiat')),
	CONSTRAINT "ledger_assets_decimals" CHECK ("ledger_assets"."decimals" BETWEEN 0 AND 36)
);
--> statement-breakpoint
-- The kinds of account as data (server/modules/ledger/schema.ts ACCOUNT_KINDS says the same).
INSERT INTO "ledger_account_kinds" ("code", "description") VALUES
	('user', 'A user''s holding of one asset: a coin, or cash in a quote currency. Never negative.'),
	('onramp', 'Where card buys come from: the on-ramp''s settlement with the provider.'),
	('fees', 'Sarraf''s fees, per asset.'),
	('treasury', 'The house''s own funds, per asset.'),
	('inventory', 'What the house holds to fill trades against, per asset (funded by an operator).'),
	('withdrawals', 'Money on its way out: held here from the user''s account until the network confirms.');
--> statement-breakpoint
-- What the ledger holds: every listed coin, and cash in the quote currencies (cents).
INSERT INTO "ledger_assets" ("code", "kind", "decimals") SELECT "symbol", 'crypto', "decimals" FROM "assets";
--> statement-breakpoint
INSERT INTO "ledger_assets" ("code", "kind", "decimals") VALUES ('USD', 'fiat', 2), ('EUR', 'fiat', 2), ('AED', 'fiat', 2), ('SAR', 'fiat', 2);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_code";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_asset_assets_symbol_fk";
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_asset_ledger_assets_code_fk" FOREIGN KEY ("asset") REFERENCES "public"."ledger_assets"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_code_ledger_account_kinds_code_fk" FOREIGN KEY ("code") REFERENCES "public"."ledger_account_kinds"("code") ON DELETE no action ON UPDATE no action;