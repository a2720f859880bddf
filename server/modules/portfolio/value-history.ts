// /user/portfolio/value: what the user held at the end of each day (UTC) of a range, from the
// ledger's movements, valued at that day's price from the price history and cash at that day's rate.
// The last point is now. A day with a holding whose price is not known has no value (null).
import { QUOTE_DECIMALS, type PortfolioValue, type QuoteCurrency, type ValueRange } from "../../../contract/index.ts";
import { add, decimalOf, mul, round, toPlain, type Decimal } from "../../../contract/decimal.ts";
import { createValuer, isQuoteCurrency } from "./fair-value.ts";
import type { LedgerTradesDeps } from "./ledger-trades.ts";

const DAYS: Record<ValueRange, number> = { "1W": 7, "1M": 30, "1Y": 365 };
const DAY_MS = 86_400_000;

export async function valueHistory(deps: LedgerTradesDeps, userId: string, currency: QuoteCurrency, range: ValueRange): Promise<PortfolioValue> {
  const [movements, listed, valuer] = await Promise.all([
    deps.ledger.movements(userId).then((all) => all.filter((m) => m.side === "user")),
    deps.catalog.listedAssets(),
    createValuer({ prices: deps.catalog.prices, fx: deps.catalog.fx, history: deps.priceHistory, now: deps.now, places: QUOTE_DECIMALS }, currency),
  ]);
  const decimals = new Map(listed.map((asset) => [asset.symbol, asset.decimals]));
  const now = deps.now();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const held = new Map<string, bigint>();
  let next = 0;
  const points: PortfolioValue["points"] = [];
  for (let day = today - DAYS[range] * DAY_MS; day <= today; day += DAY_MS) {
    const end = new Date(Math.min(day + DAY_MS, now.getTime()));
    // Today's point is what is held now: every movement (the database's clock may run ahead of the server's).
    while (next < movements.length && (day === today || movements[next]!.at.getTime() < end.getTime())) {
      const m = movements[next++]!;
      held.set(m.asset, (held.get(m.asset) ?? 0n) + m.amount);
    }
    // The day's exchange rate is its own close: the last moment before midnight, not the next day's.
    const close = new Date(end.getTime() - 1);
    let total: Decimal | null = decimalOf(0n, QUOTE_DECIMALS);
    for (const [asset, units] of held) {
      if (units === 0n || total === null) continue;
      const amount = decimalOf(units, decimals.get(asset) ?? (isQuoteCurrency(asset) ? QUOTE_DECIMALS : 8));
      const price = isQuoteCurrency(asset) ? valuer.rateAt(asset, close) : await valuer.priceAt(asset, end, close);
      total = price && add(total, round(mul(amount, price), QUOTE_DECIMALS, "down"));
    }
    points.push({ date: new Date(day).toISOString().slice(0, 10), value: total && toPlain(total) });
  }
  return { currency, range, points };
}
