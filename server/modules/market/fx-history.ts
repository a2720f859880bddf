// The exchange rates of past days: the price service's snapshots are recorded here, one row per
// quote currency per UTC day holding the last rate seen that day (its close), and the days before
// the server first ran are filled in once from the source's own history where it has one (the
// embedded simulator's walk; Binance's past is not asked, so its first recorded day stands for
// the days before it). The portfolio values the past at these rates, never at today's.
import { asc, sql } from "drizzle-orm";
import { QUOTE_CURRENCIES, type QuoteCurrency } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { PriceService } from "./prices.ts";
import { fxRates } from "./schema.ts";
import type { SourceSnapshot } from "./source.ts";

/** A day's row is rewritten at most this often while its rate moves (and at once when the day turns). */
const RECORD_EVERY_MS = 10 * 60_000;
/** Past days read again after this long (another process may have recorded meanwhile). */
const READ_TTL_MS = 60_000;
/** How far back the source's history is asked for, once: the value chart's longest range and more. */
const BACKFILL_DAYS = 400;

/** Units of each quote currency per US dollar on past days. */
export interface FxDays {
  /**
   * The rate of `at`'s UTC day: that day's row, else the last recorded before it (a day the server
   * did not run keeps the previous close), else the first recorded after it; null when none is.
   */
  perUsdOn(currency: QuoteCurrency, at: Date): number | null;
}

export interface FxHistory {
  /** Records a snapshot's rates (the price service calls it after each poll). */
  record(snapshot: SourceSnapshot): Promise<void>;
  days(): Promise<FxDays>;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const FLOATING = QUOTE_CURRENCIES.filter((c) => c !== "USD");

/** Days sorted ascending, rates alongside. */
type Series = { days: string[]; rates: number[] };

function lookup(series: ReadonlyMap<string, Series>): FxDays {
  return {
    perUsdOn(currency, at) {
      if (currency === "USD") return 1;
      const found = series.get(currency);
      if (!found || found.days.length === 0) return null;
      const day = dayOf(at);
      // The last recorded day at or before `day` (binary search), else the first one.
      let [lo, hi] = [0, found.days.length - 1];
      if (found.days[0]! > day) return found.rates[0]!;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (found.days[mid]! <= day) lo = mid;
        else hi = mid - 1;
      }
      return found.rates[lo]!;
    },
  };
}

export function createFxHistory({ db, prices, now }: { db: Db; prices: Pick<PriceService, "perUsd" | "fxHistory">; now: () => Date }): FxHistory {
  const written = new Map<QuoteCurrency, { day: string; at: number; rate: number }>();
  let backfilled: Promise<void> | null = null;
  let read: { at: number; days: Promise<FxDays> } | null = null;

  async function backfill() {
    const past = await prices.fxHistory(BACKFILL_DAYS);
    const rows = past.flatMap(({ day, perUsd }) =>
      FLOATING.flatMap((currency) => {
        const rate = perUsd[currency];
        return rate !== undefined && rate > 0 ? [{ currency, day, perUsd: rate.toFixed(8), origin: "history" }] : [];
      }),
    );
    // What was seen on a day stays; the history only fills the days no snapshot reached.
    if (rows.length > 0) await db.insert(fxRates).values(rows).onConflictDoNothing();
    read = null;
  }

  return {
    async record(snapshot) {
      // A failed fill is tried again with the next snapshot.
      await (backfilled ??= backfill().catch((error: unknown) => {
        backfilled = null;
        throw error;
      }));
      const day = dayOf(snapshot.at);
      const at = now().getTime();
      const due = FLOATING.flatMap((currency) => {
        const rate = prices.perUsd(snapshot, currency);
        const last = written.get(currency);
        if (!(rate > 0) || (last && last.day === day && (last.rate === rate || at - last.at < RECORD_EVERY_MS))) return [];
        return [{ currency, rate }];
      });
      if (due.length === 0) return;
      await db
        .insert(fxRates)
        .values(due.map(({ currency, rate }) => ({ currency, day, perUsd: rate.toFixed(8), origin: "seen", recordedAt: new Date(at) })))
        .onConflictDoUpdate({
          target: [fxRates.currency, fxRates.day],
          set: { perUsd: sql`excluded.per_usd`, origin: sql`excluded.origin`, recordedAt: sql`excluded.recorded_at` },
        });
      for (const { currency, rate } of due) written.set(currency, { day, at, rate });
      read = null;
    },
    days() {
      const at = now().getTime();
      if (read && at - read.at < READ_TTL_MS) return read.days;
      const entry = {
        at,
        days: db
          .select({ currency: fxRates.currency, day: fxRates.day, perUsd: fxRates.perUsd })
          .from(fxRates)
          .orderBy(asc(fxRates.currency), asc(fxRates.day))
          .then((rows) => {
            const series = new Map<string, Series>();
            for (const row of rows) {
              const s = series.get(row.currency) ?? { days: [], rates: [] };
              s.days.push(row.day);
              s.rates.push(Number(row.perUsd));
              series.set(row.currency, s);
            }
            return lookup(series);
          }),
      };
      read = entry;
      entry.days.catch(() => {
        if (read === entry) read = null;
      });
      return entry.days;
    },
  };
}
