// The market module's tables: the listed assets (data, seeded by a migration) and each user's favourites.
import { boolean, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys } from "../../platform/db/keys.ts";

export const assets = pgTable("assets", {
  symbol: text("symbol").primaryKey(),
  nameEn: text("name_en").notNull(),
  nameAr: text("name_ar").notNull(),
  decimals: integer("decimals").notNull(),
  color: text("color").notNull(),
  rank: integer("rank").notNull(),
  tradable: boolean("tradable").notNull().default(true),
  stablecoin: boolean("stablecoin").notNull().default(false),
});

export type AssetRow = typeof assets.$inferSelect;

/** A user's favourite assets; a pair exists once, so adding twice changes nothing. */
export const userFavourites = pgTable(
  "user_favourites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => userKeys.id, { onDelete: "cascade" }),
    symbol: text("symbol")
      .notNull()
      .references(() => assets.symbol, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] }), index("user_favourites_symbol_idx").on(t.symbol)],
);

/**
 * Each quote currency's rate of a day (UTC), in units per US dollar: the last rate the price service
 * saw that day (its close), or, for the days before the server first ran, the source's own history.
 * The portfolio values the past at these (fx-history.ts).
 */
export const fxRates = pgTable(
  "fx_rates",
  {
    currency: text("currency").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    perUsd: numeric("per_usd", { precision: 20, scale: 8 }).notNull(),
    /** "seen": recorded from a snapshot; "history": filled in from the source's past. */
    origin: text("origin").notNull(),
    recordedAt: at("recorded_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);
