CREATE TABLE "assets" (
	"symbol" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"decimals" integer NOT NULL,
	"color" text NOT NULL,
	"rank" integer NOT NULL,
	"tradable" boolean DEFAULT true NOT NULL,
	"stablecoin" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_favourites" (
	"user_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favourites_user_id_symbol_pk" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "user_favourites" ADD CONSTRAINT "user_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favourites" ADD CONSTRAINT "user_favourites_symbol_assets_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."assets"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_favourites_symbol_idx" ON "user_favourites" USING btree ("symbol");--> statement-breakpoint
INSERT INTO "assets" ("symbol", "name_en", "name_ar", "decimals", "color", "rank", "tradable", "stablecoin") VALUES
  ('BTC', 'Bitcoin', 'بيتكوين', 8, '#f7931a', 1, true, false),
  ('ETH', 'Ethereum', 'إيثيريوم', 18, '#627eea', 2, true, false),
  ('USDT', 'Tether', 'تيثر', 6, '#26a17b', 3, true, true),
  ('XRP', 'XRP', 'إكس آر بي', 6, '#23292f', 4, true, false),
  ('BNB', 'BNB', 'بي إن بي', 18, '#f3ba2f', 5, true, false),
  ('SOL', 'Solana', 'سولانا', 9, '#9945ff', 6, true, false),
  ('USDC', 'USD Coin', 'يو إس دي كوين', 6, '#2775ca', 7, true, true),
  ('DOGE', 'Dogecoin', 'دوجكوين', 8, '#c2a633', 8, true, false),
  ('ADA', 'Cardano', 'كاردانو', 6, '#0033ad', 9, true, false),
  ('TRX', 'TRON', 'ترون', 6, '#eb0029', 10, true, false),
  ('TON', 'Toncoin', 'تونكوين', 9, '#0098ea', 11, true, false),
  ('AVAX', 'Avalanche', 'أفالانش', 18, '#e84142', 12, true, false),
  ('LINK', 'Chainlink', 'تشين لينك', 18, '#2a5ada', 13, true, false),
  ('SHIB', 'Shiba Inu', 'شيبا إينو', 18, '#e42d04', 14, true, false),
  ('DOT', 'Polkadot', 'بولكادوت', 10, '#e6007a', 15, true, false),
  ('LTC', 'Litecoin', 'لايتكوين', 8, '#345d9d', 16, true, false),
  ('POL', 'Polygon', 'بوليغون', 18, '#8247e5', 17, true, false);
