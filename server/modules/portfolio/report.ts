// /user/buy-sell-report: for a period, per asset, what was bought, sold and converted, at what
// average prices, with the fees and the gains realised, and the same figures row by row as CSV.
// The cost basis runs over the whole history (a sale in the period may take a lot bought before
// it), by the method asked: the one the portfolio page shows.
import { readFileSync } from "node:fs";
import { QUOTE_DECIMALS, type CostMethod, type QuoteCurrency, type Report, type ReportAsset } from "../../../contract/index.ts";
import { add, decimalOf, div, round, sign, toPlain, type Decimal } from "../../../contract/decimal.ts";
import { costBasis, type DisposalResult } from "./cost-basis.ts";
import { csvOf } from "./csv.ts";
import { isQuoteCurrency } from "./fair-value.ts";
import { ledgerTrades, type LedgerTradesDeps } from "./ledger-trades.ts";
import type { Trade } from "./trades.ts";

export const APP_VERSION: string = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")).version;

/** The CSV's columns, in order (README "Buy/sell report CSV"); a new column goes at the end. */
export const CSV_COLUMNS = [
  "id",
  "time",
  "kind",
  "out_asset",
  "out_amount",
  "in_asset",
  "in_amount",
  "currency",
  "unit_price",
  "value",
  "fee_asset",
  "fee_amount",
  "fee_value",
  "cost_basis",
  "realised",
  "quote_id",
] as const;

const DAY_MS = 86_400_000;
const places = QUOTE_DECIMALS;
const zero = decimalOf(0n, places);
const text = (d: Decimal | null | undefined) => (d ? toPlain(d) : "");
/** A price per unit: eight places, trailing zeros dropped to two. */
const perUnit = (value: Decimal, amount: Decimal) => {
  const plain = toPlain(div(value, amount, 8, "halfEven"), { trim: true });
  return plain.includes(".") ? plain.padEnd(plain.indexOf(".") + 3, "0") : `${plain}.00`;
};

interface Row {
  asset: string;
  bought: Decimal;
  boughtValue: Decimal;
  sold: Decimal;
  soldValue: Decimal;
  convertedIn: Decimal;
  convertedOut: Decimal;
  fees: Decimal;
  realised: Decimal;
  flagged: number;
}

export async function buySellReport(
  deps: LedgerTradesDeps,
  userId: string,
  currency: QuoteCurrency,
  method: CostMethod,
  from?: string,
  to?: string,
): Promise<Report> {
  const { trades } = await ledgerTrades(deps, userId, currency);
  const { disposals } = costBasis(
    trades.flatMap((t) => t.events),
    method,
    places,
  );
  const disposalOf = new Map<string, DisposalResult>(disposals.map((d) => [`${d.id}:${d.asset}`, d]));
  const now = deps.now();
  const last = to ?? now.toISOString().slice(0, 10);
  const start = from ? Date.parse(`${from}T00:00:00Z`) : -Infinity;
  // Without an end, everything up to now (the database's clock may run ahead of the server's).
  const end = to ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : Infinity;
  const inPeriod = trades.filter((t) => t.at.getTime() >= start && t.at.getTime() < end);

  const rows = new Map<string, Row>();
  const row = (asset: string) => {
    let found = rows.get(asset);
    if (!found) {
      const none = decimalOf(0n, 0);
      found = {
        asset,
        bought: none,
        boughtValue: zero,
        sold: none,
        soldValue: zero,
        convertedIn: none,
        convertedOut: none,
        fees: zero,
        realised: zero,
        flagged: 0,
      };
      rows.set(asset, found);
    }
    return found;
  };
  const lines: string[][] = [];
  let basisTotal = zero;
  for (const trade of inPeriod) {
    const disposal = trade.out ? disposalOf.get(`${trade.id}:${trade.out.asset}`) : undefined;
    const acquired = trade.events.find((e) => e.kind === "acquire");
    const fee = trade.fee?.value ?? zero;
    if (trade.kind === "buy" || trade.kind === "cardBuy") {
      const r = row(trade.in!.asset);
      Object.assign(r, {
        bought: add(r.bought, trade.in!.amount),
        boughtValue: add(r.boughtValue, acquired?.kind === "acquire" && acquired.value ? acquired.value : zero),
        fees: add(r.fees, fee),
      });
    } else if (trade.kind === "sell" || trade.kind === "convert") {
      const r = row(trade.out!.asset);
      if (trade.kind === "sell") Object.assign(r, { sold: add(r.sold, trade.out!.amount), soldValue: add(r.soldValue, trade.value ?? zero) });
      else {
        r.convertedOut = add(r.convertedOut, trade.out!.amount);
        const into = row(trade.in!.asset);
        into.convertedIn = add(into.convertedIn, trade.in!.amount);
      }
      r.fees = add(r.fees, fee);
    }
    if (disposal) {
      const r = row(disposal.asset);
      basisTotal = add(basisTotal, disposal.basis);
      if (disposal.realised) r.realised = add(r.realised, disposal.realised);
      else r.flagged++;
    }
    lines.push(csvLine(trade, currency, disposal));
  }
  const assets: ReportAsset[] = [...rows.values()]
    .filter((r) => !isQuoteCurrency(r.asset) || sign(r.realised) !== 0)
    .map((r) => ({
      asset: r.asset,
      bought: toPlain(r.bought),
      boughtValue: toPlain(r.boughtValue),
      averageBuyPrice: sign(r.bought) > 0 ? perUnit(r.boughtValue, r.bought) : null,
      sold: toPlain(r.sold),
      soldValue: toPlain(r.soldValue),
      averageSellPrice: sign(r.sold) > 0 ? perUnit(r.soldValue, r.sold) : null,
      convertedIn: toPlain(r.convertedIn),
      convertedOut: toPlain(r.convertedOut),
      fees: toPlain(r.fees),
      realised: toPlain(r.realised),
      unknownBasisSales: r.flagged,
    }));
  const sum = (pick: (r: Row) => Decimal) => [...rows.values()].reduce((s, r) => add(s, pick(r)), zero);
  const totals = {
    boughtValue: toPlain(sum((r) => r.boughtValue)),
    soldValue: toPlain(sum((r) => r.soldValue)),
    fees: toPlain(sum((r) => r.fees)),
    realised: toPlain(sum((r) => r.realised)),
  };
  // The last row: what the figures above add up to, the method they were found by, and which app wrote them.
  const summary = [
    "summary",
    now.toISOString(),
    method,
    "",
    "",
    "",
    "",
    currency,
    "",
    "",
    "",
    "",
    totals.fees,
    toPlain(basisTotal),
    totals.realised,
    `Sarraf ${APP_VERSION}`,
  ];
  const filename = `sarraf-buy-sell-report-${from ?? "start"}-to-${last}-${currency}-${method}.csv`;
  return { currency, method, from: from ?? null, to: last, assets, totals, csv: csvOf([[...CSV_COLUMNS], ...lines, summary]), filename };
}

function csvLine(trade: Trade, currency: QuoteCurrency, disposal: DisposalResult | undefined): string[] {
  // The unit price is of the coin the trade is about: the one bought, or the one sold or given up.
  const coin = trade.kind === "buy" || trade.kind === "cardBuy" || trade.kind === "deposit" ? trade.in : trade.out;
  const price = trade.value && coin && sign(coin.amount) > 0 ? perUnit(trade.value, coin.amount) : "";
  return [
    trade.id,
    trade.at.toISOString(),
    trade.kind,
    trade.out?.asset ?? "",
    text(trade.out?.amount),
    trade.in?.asset ?? "",
    text(trade.in?.amount),
    currency,
    price,
    text(trade.value && round(trade.value, places, "halfEven")),
    trade.fee?.asset ?? "",
    text(trade.fee?.amount),
    text(trade.fee?.value),
    disposal ? toPlain(disposal.basis) : "",
    disposal?.realised ? toPlain(disposal.realised) : "",
    trade.quoteId ?? "",
  ];
}
