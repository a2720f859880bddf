// Profit and loss on a cost basis, written once (issue 26): the portfolio page, the buy/sell report
// and its CSV all read this. Pure: events in, figures out, no database, no clock, no JS number.
//
// The rules:
// - An acquisition's cost basis is what it cost in the report currency plus its fee.
// - A disposal's proceeds are its value in the report currency less its fee; the gain realised is
//   the proceeds less the cost basis of what it took (FIFO: the oldest lots first; average cost:
//   the pool's average), see lots.ts for how a part of a lot is charged.
// - A convert (coin → coin) is a disposal of the coin given up at its fair value then, and an
//   acquisition of the coin received at that same value (its fee is in the new coin's basis).
// - A disposal that takes anything whose cost is not known (a coin that arrived from outside, or
//   more than was held) realises nothing: it is flagged, never shown as pure profit.
// - Money leaving without a sale (a withdrawal) takes its cost basis with it and realises nothing.
// So, for every history whose costs are known: realised + unrealised = proceeds − purchases +
// current value − fees (tests/unit/portfolio/cost-basis.test.ts proves it on random histories).
import { add, decimalOf, sign, sub, type Decimal } from "../../../contract/decimal.ts";
import type { CostMethod } from "../../../contract/portfolioVocabulary.ts";
import { bookFor, type Book, type LotTaken } from "./lots.ts";

/** Coin that came in: bought (by card or from cash), or received in a convert. */
export interface Acquire {
  kind: "acquire";
  id: string;
  at: Date;
  asset: string;
  amount: Decimal;
  /** What it cost in the report currency before the fee; null when not known (it arrived from outside). */
  value: Decimal | null;
  /** The fee's value in the report currency (zero when none). */
  fee: Decimal;
}

/** Coin that went out for value: sold, or given up in a convert. */
export interface Dispose {
  kind: "dispose";
  id: string;
  at: Date;
  asset: string;
  amount: Decimal;
  /** Its value in the report currency before the fee; null when no price is known for its time (flagged, as an unknown basis is). */
  value: Decimal | null;
  fee: Decimal;
}

/** Coin that left without a sale (a withdrawal, a reversed card payment): its cost leaves with it. */
export interface Remove {
  kind: "remove";
  id: string;
  at: Date;
  asset: string;
  amount: Decimal;
}

export type CostEvent = Acquire | Dispose | Remove;

/** A convert as the two events it is: the coin given at `value`, the coin received at the same value, fee in its basis. */
export function convertEvents(
  id: string,
  at: Date,
  give: { asset: string; amount: Decimal },
  get: { asset: string; amount: Decimal },
  value: Decimal | null,
  fee: Decimal,
): [Dispose, Acquire] {
  return [
    { kind: "dispose", id, at, ...give, value, fee: decimalOf(0n, 0) },
    { kind: "acquire", id, at, ...get, value: value && sub(value, fee), fee: value ? fee : decimalOf(0n, 0) },
  ];
}

export interface DisposalResult {
  id: string;
  at: Date;
  asset: string;
  amount: Decimal;
  /** Value less fee; null when its value is not known. */
  proceeds: Decimal | null;
  fee: Decimal;
  /** The known cost basis taken. */
  basis: Decimal;
  /** What had no known cost; when not zero, `realised` is null and the disposal is flagged. */
  unknownAmount: Decimal;
  realised: Decimal | null;
  lots: LotTaken[];
}

export interface Position {
  asset: string;
  amount: Decimal;
  /** The known cost basis of what is held. */
  basis: Decimal;
  /** How much of what is held has no known cost. */
  unknownAmount: Decimal;
  /** The sum of the disposals' realised gains (flagged ones count nothing). */
  realised: Decimal;
  /** Disposals flagged for an unknown cost basis. */
  flagged: number;
  bought: Decimal;
  sold: Decimal;
  /** Value of acquisitions before fees, of disposals before fees, and every fee, in the report currency. */
  purchases: Decimal;
  proceeds: Decimal;
  fees: Decimal;
}

export interface CostBasis {
  method: CostMethod;
  positions: Map<string, Position>;
  /** Every disposal, in the order of the events. */
  disposals: DisposalResult[];
}

/** The figures of a time-ordered list of events, values to `places` (the report currency's minor unit). */
export function costBasis(events: readonly CostEvent[], method: CostMethod, places: number): CostBasis {
  const books = new Map<string, Book>();
  const positions = new Map<string, Position>();
  const disposals: DisposalResult[] = [];
  const nothing = decimalOf(0n, places);
  const zero = decimalOf(0n, 0);
  const open = (asset: string) => {
    let position = positions.get(asset);
    if (!position) {
      position = {
        asset,
        amount: zero,
        basis: nothing,
        unknownAmount: zero,
        realised: nothing,
        flagged: 0,
        bought: zero,
        sold: zero,
        purchases: nothing,
        proceeds: nothing,
        fees: nothing,
      };
      positions.set(asset, position);
      books.set(asset, bookFor(method, places));
    }
    return [position, books.get(asset)!] as const;
  };
  for (const event of events) {
    const [position, book] = open(event.asset);
    if (event.kind === "acquire") {
      book.add(event.id, event.amount, event.value === null ? null : add(event.value, event.fee));
      position.bought = add(position.bought, event.amount);
      if (event.value !== null) position.purchases = add(position.purchases, event.value);
      position.fees = add(position.fees, event.fee);
    } else {
      const taken = book.take(event.amount);
      if (event.kind === "dispose") {
        const proceeds = event.value && sub(event.value, event.fee);
        const realised = proceeds && sign(taken.unknown) === 0 ? sub(proceeds, taken.basis) : null;
        disposals.push({
          id: event.id,
          at: event.at,
          asset: event.asset,
          amount: event.amount,
          proceeds,
          fee: event.fee,
          basis: taken.basis,
          unknownAmount: taken.unknown,
          realised,
          lots: taken.lots,
        });
        position.sold = add(position.sold, event.amount);
        if (event.value) position.proceeds = add(position.proceeds, event.value);
        position.fees = add(position.fees, event.fee);
        if (realised === null) position.flagged++;
        else position.realised = add(position.realised, realised);
      }
    }
    Object.assign(position, { amount: book.amount(), basis: book.basis(), unknownAmount: book.unknown() });
  }
  return { method, positions, disposals };
}

/** What is held is worth `value` now: the gain not yet realised, or null while any of it has no known cost. */
export function unrealised(position: Position, value: Decimal): Decimal | null {
  return sign(position.unknownAmount) === 0 ? sub(value, position.basis) : null;
}
