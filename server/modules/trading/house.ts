// The house's side of trading: its inventory account per asset (what it fills trades from), funded
// only by transfers from its treasury with idempotency keys — at start in development (seed.ts) and
// by an operator in production (`npm run ops:house`) — and the two limits on what it may do: it
// never gives more of an asset than its inventory holds, and never holds more of one coin than the
// exposure limit (TRADE_EXPOSURE_USD, TRADE_EXPOSURE_LIMITS), valued at the mid price.
import { compare, decimalOf, type Decimal } from "../../../contract/decimal.ts";
import type { Env } from "../../env.ts";
import type { Ledger, Position } from "../ledger/index.ts";
import { unitsToUsd } from "./figures.ts";
import { isCurrency } from "./pricing.ts";

export type ExposureSettings = Pick<Env, "TRADE_EXPOSURE_USD" | "TRADE_EXPOSURE_LIMITS">;

/** The most the house may hold of a coin, in dollars; null for cash (no limit beyond what it holds). */
export function exposureLimit(env: ExposureSettings, asset: string): Decimal | null {
  if (isCurrency(asset)) return null;
  return decimalOf(BigInt(env.TRADE_EXPOSURE_LIMITS[asset] ?? env.TRADE_EXPOSURE_USD), 0);
}

export interface HouseFill {
  /** The inventory of what the house receives (the user's `from`) and gives (`to`). */
  from: Position;
  to: Position;
  fromAsset: string;
  fromDecimals: number;
  fromUsd: Decimal;
  payUnits: bigint;
  /** What leaves the house's inventory: the user's receive plus the fee. */
  giveUnits: bigint;
}

/** Whether the house can take this trade: enough of `to`, and its holding of `from` within the limit after it. */
export function houseCanFill(env: ExposureSettings, fill: HouseFill): boolean {
  if (fill.to.available < fill.giveUnits) return false;
  const limit = exposureLimit(env, fill.fromAsset);
  if (limit === null) return true;
  const after = fill.from.balance + fill.payUnits;
  return compare(unitsToUsd(after, fill.fromDecimals, fill.fromUsd), limit) <= 0;
}

/** The accounts one trade moves money between. */
export interface TradeAccounts {
  userFrom: string;
  userTo: string;
  houseFrom: string;
  houseTo: string;
  fees: string;
}

export async function tradeAccounts(ledger: Ledger, userId: string, from: string, to: string): Promise<TradeAccounts> {
  const [userFrom, userTo, houseFrom, houseTo, fees] = await Promise.all([
    ledger.userAccount(userId, from),
    ledger.userAccount(userId, to),
    ledger.houseAccount("inventory", from),
    ledger.houseAccount("inventory", to),
    ledger.houseAccount("fees", to),
  ]);
  return { userFrom, userTo, houseFrom, houseTo, fees };
}

/**
 * Moves `units` of an asset from the house's treasury to its inventory, once per key: the same key
 * again answers the first transfer; with another amount the ledger refuses it (idempotencyConflict).
 */
export async function fundInventory(ledger: Ledger, asset: string, units: bigint, key: string) {
  const [treasury, inventory] = await Promise.all([ledger.houseAccount("treasury", asset), ledger.houseAccount("inventory", asset)]);
  const [transfer] = await ledger.transfer({ key, debit: treasury, credit: inventory, asset, amount: units, code: "house.fund" });
  return transfer!;
}

/** What the house holds to trade with, per asset, and the fees it has earned. */
export async function houseStatement(ledger: Ledger, assets: readonly string[]) {
  return Promise.all(
    assets.map(async (asset) => {
      const [inventory, fees] = await Promise.all([ledger.houseAccount("inventory", asset), ledger.houseAccount("fees", asset)]);
      const [inv, fee] = await Promise.all([ledger.account(inventory), ledger.account(fees)]);
      const balance = (row: typeof inv) => (row ? row.creditsPosted - row.debitsPosted : 0n);
      return { asset, inventory: balance(inv), fees: balance(fee) };
    }),
  );
}
