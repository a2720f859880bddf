// The ledger's movements of one user, read as trades valued in a report currency, each with the
// cost-basis events it makes (cost-basis.ts). What the ledger does not carry comes from its owner:
// a card buy's payment from the on-ramp's order, a convert's fair value from the price history.
//
// The shapes read:
// - a card buy: `onramp.buy` into the user from the on-ramp (the order is its reference); its fee
//   never passed through the user (the on-ramp pays it to the fees account), the order says it;
// - a trade: transfers keyed `trade:<quoteId>…`, legs between the user and the house's inventory
//   (what was given, what was received) and fee legs from the user to the fees account;
// - a reversed card payment (`onramp.reversal`) and anything else going out: coin leaving without
//   a sale; anything else coming in: coin of unknown cost (report-currency cash is the measure itself).
import { QUOTE_DECIMALS, type BuyOrder } from "../../../contract/index.ts";
import { add, decimal, decimalOf, div, mul, round, sign, sub, type Decimal } from "../../../contract/decimal.ts";
import type { Movement } from "../ledger/index.ts";
import { convertEvents, type CostEvent } from "./cost-basis.ts";
import { isQuoteCurrency, type Valuer } from "./fair-value.ts";

export const TRADE_KINDS = ["cardBuy", "buy", "sell", "convert", "deposit", "withdrawal", "reversal"] as const;
export type TradeKind = (typeof TRADE_KINDS)[number];

interface Money {
  asset: string;
  amount: Decimal;
}

export interface Trade {
  /** The order, the quote, or the transfer it comes from. */
  id: string;
  at: Date;
  kind: TradeKind;
  /** What the user gave (with a fee paid in it), and what the user kept of what came in. */
  out: Money | null;
  in: Money | null;
  fee: (Money & { value: Decimal | null }) | null;
  /** What it was worth in the report currency (before fees); null when no price is known. */
  value: Decimal | null;
  quoteId: string | null;
  events: CostEvent[];
}

export interface TradeInputs {
  movements: readonly Movement[];
  /** Card buys by order id. */
  buys: ReadonlyMap<string, BuyOrder>;
  decimals: ReadonlyMap<string, number>;
  valuer: Valuer;
}

const groupOf = (m: Movement) =>
  m.key.startsWith("trade:") ? `trade:${m.reference ?? m.key.split(":")[1]}` : m.code === "onramp.buy" && m.reference ? `card:${m.reference}` : `one:${m.id}`;

export async function tradesOf({ movements, buys, decimals, valuer }: TradeInputs): Promise<Trade[]> {
  const C = valuer.currency;
  const places = QUOTE_DECIMALS;
  const zero = decimalOf(0n, places);
  const units = (asset: string, amount: bigint) =>
    decimalOf(amount < 0n ? -amount : amount, decimals.get(asset) ?? (isQuoteCurrency(asset) ? QUOTE_DECIMALS : 8));
  // Cash paid or received in another currency than the report's counts at the rate of its day.
  const cash = (asset: string, amount: Decimal, at: Date) => {
    const rate = isQuoteCurrency(asset) ? valuer.rateAt(asset, at) : null;
    return rate && round(mul(amount, rate), places, "halfUp");
  };
  const groups = new Map<string, Movement[]>();
  for (const m of movements) if (m.side === "user" || m.key.startsWith("trade:")) groups.set(groupOf(m), [...(groups.get(groupOf(m)) ?? []), m]);

  const trades: Trade[] = [];
  for (const [group, legs] of groups) {
    const first = legs[0]!;
    const at = first.at;
    if (group.startsWith("card:")) {
      const id = first.reference!;
      const order = buys.get(id);
      const got = {
        asset: first.asset,
        amount: units(
          first.asset,
          legs.reduce((sum, m) => sum + m.amount, 0n),
        ),
      };
      const pay = order && { asset: order.currency, amount: decimal(order.pay.value) };
      const value = pay ? cash(pay.asset, pay.amount, at) : await valuer.valueAt(got.asset, got.amount, at);
      const feeAmount = order ? decimal(order.fee.value) : decimalOf(0n, 0);
      const feeValue = order && sign(feeAmount) > 0 ? cash(order.currency, mul(feeAmount, decimal(order.price)), at) : zero;
      const fee = feeValue && value && feeValue.units > round(value, places, "down").units ? value : (feeValue ?? zero);
      trades.push({
        id,
        at,
        kind: "cardBuy",
        out: pay ?? null,
        in: got,
        quoteId: null,
        value,
        fee: order ? { asset: order.fee.asset, amount: feeAmount, value: fee } : null,
        events: [{ kind: "acquire", id, at, ...got, value: value && sub(value, fee), fee: value ? fee : zero }],
      });
      continue;
    }
    if (group.startsWith("trade:")) {
      trades.push(await trade(group.slice(6), legs));
      continue;
    }
    const money = { asset: first.asset, amount: units(first.asset, first.amount) };
    const value = await valuer.valueAt(money.asset, money.amount, at);
    const incoming = first.amount > 0n;
    const kind: TradeKind = incoming ? "deposit" : first.code === "onramp.reversal" ? "reversal" : "withdrawal";
    const events: CostEvent[] =
      money.asset === C
        ? []
        : incoming
          ? [{ kind: "acquire", id: first.id, at, ...money, value: isQuoteCurrency(money.asset) ? value : null, fee: zero }]
          : [{ kind: "remove", id: first.id, at, ...money }];
    trades.push({ id: first.id, at, kind, out: incoming ? null : money, in: incoming ? money : null, fee: null, value, quoteId: null, events });
  }
  return trades;

  async function trade(quoteId: string, legs: Movement[]): Promise<Trade> {
    const at = legs[0]!.at;
    const sums = (pick: (m: Movement) => boolean) => {
      const by = new Map<string, bigint>();
      for (const m of legs.filter(pick)) by.set(m.asset, (by.get(m.asset) ?? 0n) + (m.amount < 0n ? -m.amount : m.amount));
      return by;
    };
    const own = legs.filter((m) => m.side === "user");
    const gave = sums((m) => own.includes(m) && m.counterparty !== "fees" && m.amount < 0n);
    const got = sums((m) => own.includes(m) && m.counterparty !== "fees" && m.amount > 0n);
    // A fee the user paid (user → fees) comes off what they kept; one the house paid out of what
    // the user would have received (inventory → fees, the desk's shape) never reached the user.
    const paid = sums((m) => own.includes(m) && m.counterparty === "fees" && m.amount < 0n);
    const fees = sums((m) => m.counterparty === "fees");
    const a = [...gave.keys()][0] ?? [...paid.keys()][0]!;
    const b = [...got.keys()][0] ?? a;
    const out = { asset: a, amount: units(a, (gave.get(a) ?? 0n) + (paid.get(a) ?? 0n)) };
    const inn = { asset: b, amount: units(b, (got.get(b) ?? 0n) - (paid.get(b) ?? 0n)) };
    const [feeAsset, feeUnits] = [...fees][0] ?? [b, 0n];
    const feeAmount = units(feeAsset, feeUnits);
    const feeValue = feeUnits === 0n ? zero : isQuoteCurrency(feeAsset) ? cash(feeAsset, feeAmount, at) : await coinFee(feeAsset, feeAmount);
    const F = feeValue ?? zero;
    const value =
      a === C
        ? out.amount
        : b === C
          ? add(inn.amount, F)
          : isQuoteCurrency(a)
            ? cash(a, out.amount, at)
            : isQuoteCurrency(b)
              ? cash(b, inn.amount, at) && add(cash(b, inn.amount, at)!, F)
              : await valuer.valueAt(a, out.amount, at);
    const kind: TradeKind = isQuoteCurrency(a) ? "buy" : isQuoteCurrency(b) ? "sell" : "convert";
    const events: CostEvent[] =
      a === C
        ? [{ kind: "acquire", id: quoteId, at, ...inn, value: sub(value!, F), fee: F }]
        : b === C
          ? [{ kind: "dispose", id: quoteId, at, ...out, value, fee: F }]
          : convertEvents(quoteId, at, out, inn, value, F);
    // A fee in a coin is worth what the trade priced it at: its share of the value given, by the coin received.
    async function coinFee(asset: string, amount: Decimal): Promise<Decimal | null> {
      if (asset !== b) return valuer.valueAt(asset, amount, at);
      const given = isQuoteCurrency(a) ? cash(a, out.amount, at) : await valuer.valueAt(a, out.amount, at);
      const gross = add(inn.amount, amount);
      return given && sign(gross) > 0 ? round(div(mul(given, amount), gross, places + 4, "halfUp"), places, "halfUp") : null;
    }
    return {
      id: quoteId,
      at,
      kind,
      out,
      in: inn,
      fee: feeUnits === 0n ? null : { asset: feeAsset, amount: feeAmount, value: feeValue },
      value,
      quoteId,
      events,
    };
  }
}
