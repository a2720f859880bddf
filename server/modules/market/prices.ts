// The price service: polls the configured source on its own schedule, keeps the latest snapshot in
// memory and answers every price read from it. When the source fails it keeps the last snapshot,
// marked stale once older than PRICE_STALE_SECONDS; before the first answer there is no price.
import { QUOTE_CURRENCIES, type Freshness, type PriceRange, type QuoteCurrency } from "../../../contract/index.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { errorFields } from "../../platform/logging/logger.ts";
import { createBinanceSource, type FetchLike } from "./binance.ts";
import { createSimulator, SIMULATED_ASSETS } from "./simulator.ts";
import type { FxDay, PriceSource, SourcePoint, SourceSnapshot } from "./source.ts";

export interface PriceService {
  readonly kind: PriceSource["kind"];
  /** The latest snapshot, starting the polls on first use; null before the source ever answered. */
  latest(): Promise<SourceSnapshot | null>;
  freshness(snapshot: SourceSnapshot): Freshness;
  /** Units of a quote currency per USD: the source's rate where it has one, else the rate table. */
  perUsd(snapshot: SourceSnapshot, currency: QuoteCurrency): number;
  history(symbol: string, range: PriceRange): Promise<SourcePoint[]>;
  /** The source's exchange rates of the days before today (empty when it keeps none). */
  fxHistory(days: number): Promise<FxDay[]>;
  /** Called with each new snapshot (the FX history records the rates it sees); a poll waits for it, and a failure of it is logged. */
  onSnapshot(listener: (snapshot: SourceSnapshot) => Promise<void>): void;
  /** Asks the source now (the schedule does this every PRICE_POLL_MS). */
  poll(): Promise<void>;
  /** Development tools: the source's next polls fail as if unreachable, until resumed. */
  pause(): void;
  resume(): void;
  stop(): void;
}

export interface PriceServiceOptions {
  env: Pick<Env, "PRICE_SOURCE" | "PRICE_SEED" | "PRICE_POLL_MS" | "PRICE_STALE_SECONDS" | "BINANCE_BASE_URL" | "QUOTE_RATES">;
  logger: Logger;
  now: () => Date;
  /** Replaces the configured source (tests: a source that fails, a recorded Binance). */
  source?: PriceSource;
  /** How the Binance adapter reaches the network. */
  fetch?: FetchLike;
}

export function createPriceService({ env, logger, now, source: given, fetch }: PriceServiceOptions): PriceService {
  const source =
    given ??
    (env.PRICE_SOURCE === "binance"
      ? createBinanceSource({ baseUrl: env.BINANCE_BASE_URL, symbols: SIMULATED_ASSETS.map((a) => a.symbol), ...(fetch ? { fetch } : {}) })
      : // EUR floats against the dollar; AED and SAR are pegged to it, so they stay at the rate table's.
        createSimulator({ seed: env.PRICE_SEED, fx: { EUR: Number(env.QUOTE_RATES.EUR) } }));
  // Binance's public limits are per minute: at most one snapshot every 5 s from each server.
  const pollMs = source.kind === "binance" ? Math.max(env.PRICE_POLL_MS, 5_000) : env.PRICE_POLL_MS;
  let snapshot: SourceSnapshot | null = null;
  let paused = false;
  let failing = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let first: Promise<void> | null = null;
  let stopped = false;
  const listeners: ((snapshot: SourceSnapshot) => Promise<void>)[] = [];

  async function poll(): Promise<void> {
    let seen: SourceSnapshot;
    try {
      if (paused) throw new Error("paused by the development tools");
      seen = snapshot = await source.snapshot(now());
      if (failing) logger.info("prices.recovered", { source: source.kind });
      failing = false;
    } catch (error) {
      // Once per failing streak, and never a body: the error names the status and code only.
      if (!failing) logger.warn("prices.sourceFailed", { source: source.kind, ...errorFields(error) });
      failing = true;
      return;
    }
    for (const listener of listeners) await listener(seen).catch((error: unknown) => logger.warn("prices.listenerFailed", errorFields(error)));
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void poll().finally(schedule), pollMs);
    timer.unref?.();
  }

  const start = () => (first ??= poll().finally(schedule));

  return {
    kind: source.kind,
    async latest() {
      await start();
      return snapshot;
    },
    freshness(current) {
      const ageSeconds = Math.max(0, Math.floor((now().getTime() - current.at.getTime()) / 1000));
      return { at: current.at.toISOString(), ageSeconds, stale: ageSeconds > env.PRICE_STALE_SECONDS, source: source.kind };
    },
    perUsd(current, currency) {
      if (currency === "USD") return 1;
      return current.perUsd[currency] ?? Number(env.QUOTE_RATES[currency] ?? NaN);
    },
    poll: () => start().then(poll),
    fxHistory: (days) => (source.fxHistory ? source.fxHistory(days, now()) : Promise.resolve([])),
    onSnapshot: (listener) => void listeners.push(listener),
    history: (symbol, range) => (paused ? Promise.reject(new Error("paused")) : source.history(symbol, range, now())),
    pause: () => void (paused = true),
    resume: () => void ((paused = false), void poll()),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** Quote currencies with their names, as /currency/list answers them. */
export const QUOTE_NAMES: Record<QuoteCurrency, { en: string; ar: string }> = {
  USD: { en: "US dollar", ar: "دولار أمريكي" },
  EUR: { en: "Euro", ar: "يورو" },
  AED: { en: "UAE dirham", ar: "درهم إماراتي" },
  SAR: { en: "Saudi riyal", ar: "ريال سعودي" },
};
export { QUOTE_CURRENCIES };
