// What a user holds and how it moved (spec section 7: /user/balances, /user/transactions-history).
// The history is one list over every kind of entry, each kind with its own shape; a feature that
// moves money adds its entry here and its source on the server (server/modules/portfolio).
import { z } from "zod";
import { amountSchema, assetCodeSchema, decimalSchema } from "./money.ts";
import { formProblem } from "./fields.ts";
import { buyOrderSchema, currencyField, symbolField } from "./onramp.ts";
import { ORDER_STATUSES } from "./onrampVocabulary.ts";
import { QUOTE_CURRENCIES } from "./quotes.ts";
import { HISTORY_PAGE_MAX, HISTORY_TYPES } from "./portfolioVocabulary.ts";

export { HISTORY_PAGE_MAX, HISTORY_TYPES, LIVE_HISTORY_TYPES, type HistoryType } from "./portfolioVocabulary.ts";

const entryBase = {
  id: z.uuid(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/** A coin sold for cash in a quote currency. */
export const sellEntrySchema = z.object({
  ...entryBase,
  type: z.literal("sell"),
  asset: assetCodeSchema,
  currency: z.enum(QUOTE_CURRENCIES),
  /** The coin given. */
  sell: amountSchema,
  /** The cash credited, after the fee. */
  receive: amountSchema,
  fee: amountSchema,
  /** Cash per one unit of the coin. */
  price: decimalSchema,
  /** The quote it executed (/user/trade/quote). */
  quoteId: z.uuid(),
});

/** A coin bought from the user's cash balance in a quote currency (not by card: that is "buy"). */
export const buyCashEntrySchema = z.object({
  ...entryBase,
  type: z.literal("buyCash"),
  asset: assetCodeSchema,
  currency: z.enum(QUOTE_CURRENCIES),
  /** The cash paid. */
  pay: amountSchema,
  /** The coin credited, after the fee. */
  receive: amountSchema,
  fee: amountSchema,
  /** Cash per one unit of the coin. */
  price: decimalSchema,
  quoteId: z.uuid(),
});

/** One coin exchanged for another. */
export const convertEntrySchema = z.object({
  ...entryBase,
  type: z.literal("convert"),
  sell: amountSchema,
  receive: amountSchema,
  fee: amountSchema,
  /** Units of the received coin per unit of the sold one. */
  rate: decimalSchema,
  quoteId: z.uuid(),
});

/** Money that arrived from outside (a transfer in). */
export const depositEntrySchema = z.object({ ...entryBase, type: z.literal("deposit"), amount: amountSchema });

/** Money sent out to an address. */
export const withdrawalEntrySchema = z.object({
  ...entryBase,
  type: z.literal("withdrawal"),
  amount: amountSchema,
  fee: amountSchema,
  address: z.string(),
  network: z.string(),
  /** The network's transaction id, once broadcast. */
  txid: z.string().nullable(),
});

/** A fee charged on its own (not part of a trade's figures). */
export const feeEntrySchema = z.object({ ...entryBase, type: z.literal("fee"), amount: amountSchema, description: z.string() });

export const historyEntrySchema = z.discriminatedUnion("type", [
  buyOrderSchema,
  buyCashEntrySchema,
  sellEntrySchema,
  convertEntrySchema,
  depositEntrySchema,
  withdrawalEntrySchema,
  feeEntrySchema,
]);
export type HistoryEntry = z.output<typeof historyEntrySchema>;
/** The entry of one kind: `EntryOf<"buy">` is a card buy's order. */
export type EntryOf<T extends HistoryEntry["type"]> = Extract<HistoryEntry, { type: T }>;

// /user/transactions-history
const dateField = z.iso.date({ error: "date.invalid" });
export const historyRequestSchema = z.strictObject({
  type: z.enum(HISTORY_TYPES, { error: "field.invalid" }).optional(),
  asset: symbolField.optional(),
  status: z.enum(ORDER_STATUSES, { error: "field.invalid" }).optional(),
  /** Inclusive calendar days (UTC). */
  from: dateField.optional(),
  to: dateField.optional(),
  cursor: z.string({ error: formProblem }).max(200, { error: "field.invalid" }).optional(),
  limit: z
    .number({ error: "field.invalid" })
    .int({ error: "field.invalid" })
    .min(1, { error: "field.invalid" })
    .max(HISTORY_PAGE_MAX, { error: "field.invalid" })
    .default(20),
});
export type HistoryBody = z.input<typeof historyRequestSchema>;
export const historySchema = z.object({
  items: z.array(historyEntrySchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type History = z.output<typeof historySchema>;

// /user/balances
export const balancesRequestSchema = z.strictObject({ currency: currencyField });
export const balanceSchema = z.object({
  asset: assetCodeSchema,
  /** What may be spent now. */
  available: decimalSchema,
  /** Held by orders and withdrawals under way. */
  held: decimalSchema,
  /** available + held in the chosen currency, or null while its price is unavailable (never invented). */
  value: decimalSchema.nullable(),
});
export type AssetBalance = z.output<typeof balanceSchema>;
export const balancesSchema = z.object({
  currency: z.enum(QUOTE_CURRENCIES),
  balances: z.array(balanceSchema),
  /** The sum of every value, or null while any price is unavailable. */
  total: decimalSchema.nullable(),
});
export type Balances = z.output<typeof balancesSchema>;
