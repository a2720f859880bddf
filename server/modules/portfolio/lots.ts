// The two ways a holding's cost is kept, behind one interface: FIFO keeps each acquisition as a
// lot and a disposal takes the oldest first; average cost keeps one pool whose cost per unit is
// the average of what is held. A lot or pool part whose cost is not known is kept apart, so a
// disposal that takes it is flagged rather than counted as pure profit.
//
// Rounding (the one rule): a part of a lot or pool is charged its share of the cost,
// cost × taken / held, to the report currency's minor unit, half to even; what is charged is
// subtracted from what stays, and taking all that is left takes its cost exactly. So the cost that
// came in equals, to the minor unit, the cost consumed plus the cost remaining.
import { compare, decimalOf, div, mul, round, sign, sub, add, type Decimal } from "../../../contract/decimal.ts";
import type { CostMethod } from "../../../contract/portfolioVocabulary.ts";

/** What a disposal took from one lot (FIFO) or from the pool (average cost). */
export interface LotTaken {
  /** The acquisition's id; "pool" under average cost. */
  lot: string;
  amount: Decimal;
  /** Its cost in the report currency; null when that cost is not known. */
  basis: Decimal | null;
}

export interface Taken {
  lots: LotTaken[];
  /** The known cost taken. */
  basis: Decimal;
  /** How much of the amount had no known cost (an unknown lot, or more than was held). */
  unknown: Decimal;
}

export interface Book {
  add(lot: string, amount: Decimal, basis: Decimal | null): void;
  take(amount: Decimal): Taken;
  /** Everything held, known cost or not. */
  amount(): Decimal;
  /** The known cost of what is held. */
  basis(): Decimal;
  /** How much of what is held has no known cost. */
  unknown(): Decimal;
}

const zero = decimalOf(0n, 0);
const min = (a: Decimal, b: Decimal) => (compare(a, b) <= 0 ? a : b);
/** `cost × part / whole` to `places`, half to even. */
const share = (cost: Decimal, part: Decimal, whole: Decimal, places: number) => div(mul(cost, part), whole, places, "halfEven");

function fifoBook(places: number): Book {
  const lots: { id: string; amount: Decimal; basis: Decimal | null }[] = [];
  return {
    add: (id, amount, basis) => void lots.push({ id, amount, basis: basis && round(basis, places, "halfEven") }),
    take(amount) {
      const taken: LotTaken[] = [];
      let basis = decimalOf(0n, places);
      let unknown: Decimal = zero;
      let left = amount;
      while (sign(left) > 0 && lots.length > 0) {
        const lot = lots[0]!;
        const part = min(left, lot.amount);
        const whole = compare(part, lot.amount) === 0;
        const cost = lot.basis === null ? null : whole ? lot.basis : share(lot.basis, part, lot.amount, places);
        taken.push({ lot: lot.id, amount: part, basis: cost });
        if (cost === null) unknown = add(unknown, part);
        else basis = add(basis, cost);
        if (whole) lots.shift();
        else Object.assign(lot, { amount: sub(lot.amount, part), basis: cost === null ? null : sub(lot.basis!, cost) });
        left = sub(left, part);
      }
      if (sign(left) > 0) unknown = add(unknown, left);
      return { lots: taken, basis, unknown };
    },
    amount: () => lots.reduce((sum, lot) => add(sum, lot.amount), zero),
    basis: () => lots.reduce((sum, lot) => (lot.basis === null ? sum : add(sum, lot.basis)), decimalOf(0n, places)),
    unknown: () => lots.reduce((sum, lot) => (lot.basis === null ? add(sum, lot.amount) : sum), zero),
  };
}

function averageBook(places: number): Book {
  let known: Decimal = zero;
  let cost = decimalOf(0n, places);
  let unknownHeld: Decimal = zero;
  return {
    add(_id, amount, basis) {
      if (basis === null) unknownHeld = add(unknownHeld, amount);
      else [known, cost] = [add(known, amount), add(cost, round(basis, places, "halfEven"))];
    },
    take(amount) {
      const held = add(known, unknownHeld);
      const part = min(amount, held);
      // The unknown share of the pool leaves in proportion, to the amount's own places.
      const scale = Math.max(amount.scale, unknownHeld.scale, known.scale);
      const unknownPart = sign(unknownHeld) === 0 ? zero : compare(part, held) === 0 ? unknownHeld : share(unknownHeld, part, held, scale);
      const knownPart = sub(part, unknownPart);
      const basis = sign(knownPart) === 0 ? decimalOf(0n, places) : compare(knownPart, known) === 0 ? cost : share(cost, knownPart, known, places);
      [known, cost, unknownHeld] = [sub(known, knownPart), sub(cost, basis), sub(unknownHeld, unknownPart)];
      const lots: LotTaken[] = [];
      if (sign(knownPart) > 0) lots.push({ lot: "pool", amount: knownPart, basis });
      if (sign(unknownPart) > 0) lots.push({ lot: "pool", amount: unknownPart, basis: null });
      return { lots, basis, unknown: add(unknownPart, sub(amount, part)) };
    },
    amount: () => add(known, unknownHeld),
    basis: () => cost,
    unknown: () => unknownHeld,
  };
}

export const bookFor = (method: CostMethod, places: number): Book => (method === "fifo" ? fifoBook(places) : averageBook(places));
