// Money as the contract carries it: an asset code and an exact value, never a JavaScript number.
import { z } from "zod";
import { DECIMAL_PATTERN } from "./decimal.ts";

/** A currency or crypto asset code: BTC, ETH, USDT, USD, EUR, AED, SAR … */
export const assetCodeSchema = z.string().regex(/^[A-Z0-9]{2,10}$/, { error: "field.invalid" });
export type AssetCode = z.output<typeof assetCodeSchema>;

export { DECIMAL_PATTERN };
export const decimalSchema = z.string().regex(DECIMAL_PATTERN, { error: "field.invalid" }).max(80, { error: "field.invalid" });

/**
 * An amount: which asset, and its exact value as a decimal string in that asset's units
 * ("0.015" BTC, "250.00" USD). Requests and answers carry money only in this shape.
 */
export const amountSchema = z.strictObject({ asset: assetCodeSchema, value: decimalSchema });
export type Amount = z.output<typeof amountSchema>;

/** Integer minor units (satoshi, cents) as the ledger stores them, with the asset's decimals. */
export interface MinorUnits {
  asset: AssetCode;
  units: bigint;
  decimals: number;
}

/** Exact conversion from minor units to the decimal string of an Amount. */
export function amountFromMinor({ asset, units, decimals }: MinorUnits): Amount {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) throw new RangeError(`bad decimals ${decimals}`);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(-decimals)}` : "";
  return { asset, value: `${negative ? "-" : ""}${whole}${fraction}` };
}

/**
 * Exact conversion of an Amount to minor units; a value with more fraction digits than the asset
 * has is refused (never rounded), as is anything but a plain decimal.
 */
export function amountToMinor(amount: Amount, decimals: number): MinorUnits {
  if (!DECIMAL_PATTERN.test(amount.value)) throw new RangeError("not a decimal");
  const negative = amount.value.startsWith("-");
  const [whole = "0", fraction = ""] = amount.value.replace(/^-/, "").split(".");
  if (fraction.length > decimals) throw new RangeError(`more than ${decimals} decimals`);
  const units = BigInt(whole + fraction.padEnd(decimals, "0"));
  return { asset: amount.asset, units: negative ? -units : units, decimals };
}
