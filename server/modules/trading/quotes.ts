// Making a quote: the pair checked against its kind, the live mid price (never stale), the house's
// rate and every figure, the per-trade limits, whether the house can fill it and whether the user
// owes the asset they would give up. Then the quote is stored, open, to be accepted before it expires.
import { randomUUID } from "node:crypto";
import { QUOTE_DECIMALS, type Amount, type FieldErrorKey, type TradeKind, type TradeQuote, type TradeSide } from "../../../contract/index.ts";
import { decimal, fromMinor, toMinor, toPlain, type Decimal } from "../../../contract/decimal.ts";
import type { Db } from "../../platform/db/open.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import { translate, type Locale, type MessageId } from "../../platform/i18n/index.ts";
import type { Env } from "../../env.ts";
import type { Ledger } from "../ledger/index.ts";
import type { Catalog } from "../market/index.ts";
import { figure, houseRate, usdToUnits, type TradeFigures } from "./figures.ts";
import { houseCanFill } from "./house.ts";
import { isCurrency, pairPrices, type PairPrices } from "./pricing.ts";
import { createRecentQuotes, type RecentQuotes } from "./recent-quotes.ts";
import { tradeQuotes, type TradeQuoteRow } from "./schema.ts";

export type TradingSettings = Pick<
  Env,
  | "TRADE_QUOTE_SECONDS"
  | "TRADE_SPREAD_BPS"
  | "TRADE_FEE_BPS"
  | "TRADE_FEE_MIN_USD"
  | "TRADE_PRICE_TOLERANCE_BPS"
  | "TRADE_MIN_ORDER_USD"
  | "TRADE_MAX_ORDER_USD"
  | "TRADE_EXPOSURE_USD"
  | "TRADE_EXPOSURE_LIMITS"
>;

export interface TradingDeps {
  db: Db;
  env: TradingSettings;
  ledger: Ledger;
  catalog: Pick<Catalog, "assetOf" | "pricesIn">;
  now: () => Date;
}

export interface QuoteAsk {
  kind: TradeKind;
  from: string;
  to: string;
  side: TradeSide;
  amount: string;
}

const money = (asset: string, units: bigint, decimals: number): Amount => ({ asset, value: fromMinor(units, decimals) });
const plain = (d: Decimal) => toPlain(d, { trim: true });

/** The answer for a stored quote, at the server's `now`. */
export function quoteAnswer(row: TradeQuoteRow, limits: TradeQuote["limits"], now: Date): TradeQuote {
  const base = row.kind === "buy" ? row.toAsset : row.fromAsset;
  const quote = row.kind === "buy" ? row.fromAsset : row.toAsset;
  return {
    id: row.id,
    kind: row.kind,
    pair: { base, quote },
    side: row.side,
    price: row.price,
    mid: row.mid,
    pay: money(row.fromAsset, row.payUnits, row.fromDecimals),
    receive: money(row.toAsset, row.receiveUnits, row.toDecimals),
    fee: money(row.toAsset, row.feeUnits, row.toDecimals),
    feeBasisPoints: row.feeBasisPoints,
    spreadBasisPoints: row.spreadBasisPoints,
    limits,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    serverNow: now.toISOString(),
    validSeconds: Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 1000),
  };
}

export function createQuotes({ db, env, ledger, catalog, now }: TradingDeps, recent: RecentQuotes = createRecentQuotes()) {
  const amountProblem = (locale: Locale, key: FieldErrorKey, message: MessageId, values: Record<string, unknown>, extra: object = {}) =>
    refuse("tradeQuote", "validation", { ...validationData(locale, { amount: key }, { messages: { amount: translate(locale, message, values) } }), ...extra });
  const pairProblem = (locale: Locale, field: "from" | "to", kind: TradeKind) =>
    refuse(
      "tradeQuote",
      "validation",
      validationData(locale, { [field]: "field.invalid" }, { messages: { [field]: translate(locale, "trade.pair.kind", { kind }) } }),
    );

  /** The asset's decimals: a currency's cents, a listed tradable coin's own; anything else refused. */
  async function decimalsOf(locale: Locale, kind: TradeKind, field: "from" | "to", asset: string): Promise<number> {
    const wantsCash = (kind === "buy" && field === "from") || (kind === "sell" && field === "to");
    if (isCurrency(asset)) {
      if (!wantsCash) throw pairProblem(locale, field, kind);
      return QUOTE_DECIMALS;
    }
    if (wantsCash) throw pairProblem(locale, field, kind);
    const coin = await catalog.assetOf(asset);
    if (!coin?.tradable) throw refuse("tradeQuote", "unknownSymbol");
    return coin.decimals;
  }

  /** The per-trade limits in minor units of `from`: the minimum rounds up, the maximum down. */
  function limitsOf(prices: PairPrices, from: string, fromDecimals: number) {
    const min = usdToUnits(decimal(String(env.TRADE_MIN_ORDER_USD)), prices.fromUsd, fromDecimals, "ceil");
    const max = usdToUnits(decimal(String(env.TRADE_MAX_ORDER_USD)), prices.fromUsd, fromDecimals, "floor");
    return { min, max, amounts: { min: money(from, min, fromDecimals), max: money(from, max, fromDecimals) } };
  }

  async function create(userId: string, locale: Locale, ask: QuoteAsk): Promise<TradeQuote> {
    const { kind, from, to, side } = ask;
    if (from === to) throw pairProblem(locale, "to", kind);
    const fromDecimals = await decimalsOf(locale, kind, "from", from);
    const toDecimals = await decimalsOf(locale, kind, "to", to);
    const typedAsset = side === "from" ? from : to;
    const typedDecimals = side === "from" ? fromDecimals : toDecimals;
    const units = toMinor(ask.amount, typedDecimals);
    if (units === null) {
      throw amountProblem(
        locale,
        "amount.tooManyDecimals",
        "trade.amount.tooManyDecimals",
        { asset: typedAsset, decimals: typedDecimals },
        { decimals: typedDecimals },
      );
    }
    const priced = await pairPrices(catalog, kind, from, to);
    if (!priced.ok) throw refuse("tradeQuote", priced.reason);
    const { prices } = priced;
    const limits = limitsOf(prices, from, fromDecimals);
    // Far beyond the maximum: refused before any arithmetic on it.
    if (units > 10n ** 36n)
      throw amountProblem(
        locale,
        "amount.aboveMaximum",
        "trade.amount.aboveMaximum",
        { max: limits.amounts.max.value, asset: from },
        { limits: limits.amounts },
      );
    const { rate, price } = houseRate(kind, env.TRADE_SPREAD_BPS, prices.mids);
    const minFeeUnits = usdToUnits(decimal(env.TRADE_FEE_MIN_USD), prices.toUsd, toDecimals, "ceil");
    const figures: TradeFigures = figure({ side, units, fromDecimals, toDecimals, rate, feeBps: env.TRADE_FEE_BPS, minFeeUnits });
    const values = { asset: from };
    if (figures.payUnits < limits.min)
      throw amountProblem(locale, "amount.belowMinimum", "trade.amount.belowMinimum", { ...values, min: limits.amounts.min.value }, { limits: limits.amounts });
    if (figures.payUnits > limits.max)
      throw amountProblem(locale, "amount.aboveMaximum", "trade.amount.aboveMaximum", { ...values, max: limits.amounts.max.value }, { limits: limits.amounts });
    if (figures.receiveUnits <= 0n)
      throw amountProblem(
        locale,
        "amount.belowMinimum",
        "trade.amount.feeExceeds",
        { asset: to, fee: fromMinor(figures.feeUnits, toDecimals) },
        { limits: limits.amounts },
      );

    // Read, never made, in one query: a refused quote changes no row (an account that does not exist holds nothing).
    // A receivable below zero is a debt in that asset (ledger.debts).
    const [owed, houseFrom, houseTo] = await ledger.existing([
      { code: "receivable", asset: from, userId },
      { code: "inventory", asset: from, userId: null },
      { code: "inventory", asset: to, userId: null },
    ]);
    if (owed && owed.balance < 0n) throw refuse("tradeQuote", "debtOutstanding");
    const nothing = { balance: 0n, available: 0n };
    const fill = {
      from: houseFrom ?? nothing,
      to: houseTo ?? nothing,
      fromAsset: from,
      fromDecimals,
      fromUsd: prices.fromUsd,
      payUnits: figures.payUnits,
      giveUnits: figures.receiveUnits + figures.feeUnits,
    };
    if (!houseCanFill(env, fill)) throw refuse("tradeQuote", "houseCannotFill");

    const createdAt = now();
    // Every column is known here (the id made here too): nothing is read back.
    const row: TradeQuoteRow = {
      id: randomUUID(),
      userId,
      kind,
      side,
      fromAsset: from,
      toAsset: to,
      fromDecimals,
      toDecimals,
      payUnits: figures.payUnits,
      receiveUnits: figures.receiveUnits,
      feeUnits: figures.feeUnits,
      price: plain(price),
      mid: plain(prices.mid),
      fromUsd: plain(prices.fromUsd),
      toUsd: plain(prices.toUsd),
      feeBasisPoints: env.TRADE_FEE_BPS,
      spreadBasisPoints: env.TRADE_SPREAD_BPS,
      status: "open",
      expiresAt: new Date(createdAt.getTime() + env.TRADE_QUOTE_SECONDS * 1000),
      acceptedAt: null,
      createdAt,
    };
    await db.insert(tradeQuotes).values(row);
    recent.put(row);
    return quoteAnswer(row, limits.amounts, createdAt);
  }

  return { create, limitsOf };
}
