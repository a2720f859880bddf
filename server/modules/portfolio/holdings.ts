// /user/portfolio: each coin and cash balance with its price, value and share of the total, and
// its cost basis and profit and loss by the method asked (cost-basis.ts). Amounts are the ledger's;
// a figure that cannot be known (no price, a cost never known) is null, never invented.
import { QUOTE_DECIMALS, type CostMethod, type Holding, type Portfolio, type QuoteCurrency } from "../../../contract/index.ts";
import { add, compare, decimal, decimalOf, div, mul, round, sign, toPlain, type Decimal } from "../../../contract/decimal.ts";
import { costBasis, unrealised } from "./cost-basis.ts";
import { isQuoteCurrency } from "./fair-value.ts";
import { ledgerTrades, type LedgerTradesDeps } from "./ledger-trades.ts";

const places = QUOTE_DECIMALS;
const money = (d: Decimal | null) => (d === null ? null : toPlain(round(d, places, "halfEven")));
const sumOf = (values: (Decimal | null)[]) =>
  values.reduce<Decimal | null>((sum, v) => (sum === null || v === null ? null : add(sum, v)), decimalOf(0n, places));

export async function portfolioOf(deps: LedgerTradesDeps, userId: string, currency: QuoteCurrency, method: CostMethod): Promise<Portfolio> {
  const [{ trades, valuer, decimals }, held, listed] = await Promise.all([
    ledgerTrades(deps, userId, currency),
    deps.ledger.balances(userId),
    deps.catalog.listedAssets(),
  ]);
  const { positions } = costBasis(
    trades.flatMap((trade) => trade.events),
    method,
    places,
  );
  const prices = await deps.catalog.pricesIn(
    held.map((b) => b.asset),
    currency,
  );
  const rank = new Map(listed.map((asset, i) => [asset.symbol, i]));
  const assets = [...new Set([...held.filter((b) => b.balance !== 0n).map((b) => b.asset), ...positions.keys()])].sort(
    (a, b) => Number(isQuoteCurrency(a)) - Number(isQuoteCurrency(b)) || (rank.get(a) ?? 999) - (rank.get(b) ?? 999) || a.localeCompare(b),
  );
  const rows = assets.map((asset) => {
    const cash = isQuoteCurrency(asset);
    const amount = decimalOf(held.find((b) => b.asset === asset)?.balance ?? 0n, decimals.get(asset) ?? places);
    const quoted = prices.get(asset);
    const price = cash ? valuer.rate(asset) : quoted ? decimal(quoted.price) : null;
    const value = price && round(mul(amount, price), places, "down");
    const position = positions.get(asset);
    // The report currency's own cash is the measure: it cost what it is.
    if (asset === currency)
      return { asset, cash, amount, price, value, basis: value, unrealised: decimalOf(0n, places), realised: decimalOf(0n, places), flagged: 0 };
    // What the ledger holds and what the cost basis followed must agree for a basis to be shown.
    const agrees = position ? compare(position.amount, amount) === 0 : sign(amount) === 0;
    const known = agrees && position && sign(position.unknownAmount) === 0;
    return {
      asset,
      cash,
      amount,
      price,
      value,
      basis: known ? position.basis : agrees && !position ? decimalOf(0n, places) : null,
      unrealised: known && value ? unrealised(position, value) : null,
      realised: position?.realised ?? decimalOf(0n, places),
      flagged: position?.flagged ?? 0,
    };
  });
  const total = sumOf(rows.map((r) => r.value));
  const holdings: Holding[] = rows.map((r) => ({
    asset: r.asset,
    kind: r.cash ? "cash" : "coin",
    amount: toPlain(r.amount),
    price: r.price && toPlain(r.price),
    value: money(r.value),
    share: r.value && total && sign(total) > 0 ? toPlain(div(mul(r.value, decimalOf(100n, 0)), total, 2, "halfEven")) : null,
    costBasis: money(r.basis),
    unrealised: money(r.unrealised),
    realised: money(r.realised)!,
    unknownBasisSales: r.flagged,
  }));
  return {
    currency,
    method,
    holdings,
    total: {
      value: money(total),
      costBasis: money(sumOf(rows.map((r) => r.basis))),
      unrealised: money(sumOf(rows.map((r) => r.unrealised))),
      realised: money(rows.reduce((sum, r) => add(sum, r.realised), decimalOf(0n, places)))!,
    },
  };
}
