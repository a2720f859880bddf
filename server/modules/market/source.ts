// The price-source port: where the server's prices come from. Prices here are USD numbers (a
// market quote, not money held); answers turn them into decimal strings.
import type { PriceRange } from "../../../contract/index.ts";

/** One asset's last 24 hours, in USD. */
export interface SourceTicker {
  price: number;
  open24h: number;
  high24h: number;
  low24h: number;
  /** Traded value over 24 hours, USD. */
  volume24h: number;
}

export interface SourceSnapshot {
  /** When the source produced these prices. */
  at: Date;
  /** By asset symbol. An asset the source does not know is absent (never invented). */
  tickers: ReadonlyMap<string, SourceTicker>;
  /** Units of each quote currency per USD the source knows (EUR from EURUSDT …); others come from the rate table. */
  perUsd: Readonly<Partial<Record<string, number>>>;
}

/** A chart point: Unix seconds, USD. */
export interface SourcePoint {
  t: number;
  p: number;
}

/** A quote currency's rates on one past day (UTC, "YYYY-MM-DD"): units of each currency per USD. */
export interface FxDay {
  day: string;
  perUsd: Readonly<Partial<Record<string, number>>>;
}

export interface PriceSource {
  readonly kind: "simulator" | "binance";
  /** Every listed asset's ticker now; throws when the source cannot be reached or answers badly. */
  snapshot(now: Date): Promise<SourceSnapshot>;
  /** An asset's prices over a range, oldest first; throws as snapshot does. */
  history(symbol: string, range: PriceRange, now: Date): Promise<SourcePoint[]>;
  /** The exchange rates it knows of the `days` days before today, oldest first (a source without a past has none). */
  fxHistory?(days: number, now: Date): Promise<FxDay[]>;
}

/** Range length and resolution, in seconds: 1D every 5 minutes, 1W hourly, 1M every 4 hours, 1Y daily. */
export const RANGES: Record<PriceRange, { span: number; step: number }> = {
  "1D": { span: 86_400, step: 300 },
  "1W": { span: 7 * 86_400, step: 3_600 },
  "1M": { span: 30 * 86_400, step: 4 * 3_600 },
  "1Y": { span: 365 * 86_400, step: 86_400 },
};

export class SourceError extends Error {
  override readonly name = "SourceError";
}
