// What a pair is worth now, from the market's catalog: the mid price of the pair and each side's
// value in US dollars (for limits, the fee's minimum and the house's exposure). Never a stale price.
import { QUOTE_CURRENCIES, type QuoteCurrency, type TradeKind } from "../../../contract/index.ts";
import { decimal, decimalOf, div, type Decimal } from "../../../contract/decimal.ts";
import type { Catalog } from "../market/index.ts";

export const isCurrency = (asset: string): asset is QuoteCurrency => (QUOTE_CURRENCIES as readonly string[]).includes(asset);

/** Twelve places: far finer than any minor unit a dollar value is rounded to afterwards. */
const USD_PLACES = 12;

export interface PairPrices {
  /** Units of the pair's quote per unit of its base: currency per coin (buy, sell), `to` per `from` (convert). */
  mid: Decimal;
  /** For houseRate: the coin's mid in the currency, or both coins' mids in dollars. */
  mids: { coin: Decimal } | { from: Decimal; to: Decimal };
  /** US dollars per unit of each side. */
  fromUsd: Decimal;
  toUsd: Decimal;
}

export type PairAnswer = { ok: true; prices: PairPrices } | { ok: false; reason: "pricesUnavailable" | "pricesStale" };

export async function pairPrices(catalog: Pick<Catalog, "pricesIn">, kind: TradeKind, from: string, to: string): Promise<PairAnswer> {
  if (kind === "convert") {
    const found = await catalog.pricesIn([from, to], "USD");
    const a = found.get(from);
    const b = found.get(to);
    if (!a || !b) return { ok: false, reason: "pricesUnavailable" };
    if (a.stale || b.stale) return { ok: false, reason: "pricesStale" };
    const fromUsd = decimal(a.price);
    const toUsd = decimal(b.price);
    return { ok: true, prices: { mid: div(fromUsd, toUsd, USD_PLACES, "halfEven"), mids: { from: fromUsd, to: toUsd }, fromUsd, toUsd } };
  }
  const coin = kind === "buy" ? to : from;
  const currency = (kind === "buy" ? from : to) as QuoteCurrency;
  const found = (await catalog.pricesIn([coin], currency)).get(coin);
  if (!found) return { ok: false, reason: "pricesUnavailable" };
  if (found.stale) return { ok: false, reason: "pricesStale" };
  const mid = decimal(found.price);
  const perUsd = decimal(found.perUsd);
  const coinUsd = div(mid, perUsd, USD_PLACES, "halfEven");
  const cashUsd = div(decimalOf(1n, 0), perUsd, USD_PLACES, "halfEven");
  return {
    ok: true,
    prices: { mid, mids: { coin: mid }, fromUsd: kind === "buy" ? cashUsd : coinUsd, toUsd: kind === "buy" ? coinUsd : cashUsd },
  };
}
