// Trading's one table: the quotes the house has given, each open until accepted (or past its
// expiry, when it can no longer be). A quote fixes every figure of its trade, so accepting executes
// exactly what was shown; the row is locked while it is accepted, and its status moves once.
import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";
import { userKeys } from "../../platform/db/keys.ts";
import type { TradeKind, TradeSide } from "../../../contract/index.ts";

const units = (name: string) => numeric(name, { precision: 40, scale: 0, mode: "bigint" });

export const tradeQuotes = pgTable(
  "trade_quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Quotes that executed are money records: their user cannot be deleted out from under them.
    userId: uuid("user_id")
      .notNull()
      .references(() => userKeys.id, { onDelete: "restrict" }),
    kind: text("kind").$type<TradeKind>().notNull(),
    side: text("side").$type<TradeSide>().notNull(),
    /** What the user gives and receives (ledger assets: a coin or a quote currency). */
    fromAsset: text("from_asset").notNull(),
    toAsset: text("to_asset").notNull(),
    fromDecimals: integer("from_decimals").notNull(),
    toDecimals: integer("to_decimals").notNull(),
    /** Minor units: what leaves the user (pay), what arrives net of the fee (receive), and the fee (in `to`). */
    payUnits: units("pay_units").notNull(),
    receiveUnits: units("receive_units").notNull(),
    feeUnits: units("fee_units").notNull(),
    /** The house's price (spread included) and the market's mid, as decimal strings: units of `quote` per `base`. */
    price: text("price").notNull(),
    mid: text("mid").notNull(),
    /** The mid of each side in US dollars at quoting, to compare with the live price when accepted. */
    fromUsd: text("from_usd").notNull(),
    toUsd: text("to_usd").notNull(),
    feeBasisPoints: integer("fee_basis_points").notNull(),
    spreadBasisPoints: integer("spread_basis_points").notNull(),
    status: text("status").$type<"open" | "accepted">().notNull().default("open"),
    expiresAt: at("expires_at").notNull(),
    acceptedAt: at("accepted_at"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    index("trade_quotes_user_accepted_idx")
      .on(t.userId, t.acceptedAt)
      .where(sql`${t.status} = 'accepted'`),
    index("trade_quotes_open_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check("trade_quotes_kind", sql`${t.kind} IN ('buy', 'sell', 'convert')`),
    check("trade_quotes_side", sql`${t.side} IN ('from', 'to')`),
    check("trade_quotes_status", sql`${t.status} IN ('open', 'accepted')`),
    check("trade_quotes_accepted_at", sql`(${t.status} = 'accepted') = (${t.acceptedAt} IS NOT NULL)`),
    check("trade_quotes_amounts", sql`${t.payUnits} > 0 AND ${t.receiveUnits} > 0 AND ${t.feeUnits} >= 0`),
    check("trade_quotes_two_assets", sql`${t.fromAsset} <> ${t.toAsset}`),
  ],
);

export type TradeQuoteRow = typeof tradeQuotes.$inferSelect;
