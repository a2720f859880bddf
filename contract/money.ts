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
 * ("0.015" BTC, "250.00" USD). Requests and answers carry money only in this shape; decimal.ts
 * converts it to and from the ledger's minor units (fromMinor, toMinor).
 */
export const amountSchema = z.strictObject({ asset: assetCodeSchema, value: decimalSchema });
export type Amount = z.output<typeof amountSchema>;
