import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountSchema, type Amount } from "../../../contract/index.ts";
import { fromMinor, toMinor } from "../../../contract/decimal.ts";

const btc = (value: string): Amount => ({ asset: "BTC", value });

describe("amountSchema", () => {
  it.each(["0.00012345", "1", "-12.5", "0", "123456789012345678901234567890"])("carries %j", (value) => {
    expect(amountSchema.safeParse(btc(value)).success).toBe(true);
  });

  it.each(["1e-8", "1E3", "0x10", "+1", " 1", "1 ", "01", "1.", ".5", "1,000", "1_000", "NaN", "Infinity", "", "--1", "١٢"])(
    "refuses %j: plain decimals only (what people type is read by parseAmountInput first)",
    (value) => {
      expect(amountSchema.safeParse(btc(value)).success).toBe(false);
      expect(toMinor(value, 8)).toBeNull();
    },
  );

  it("carries every amount of minor units exactly, and gives the same units back", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 36 }), (units, decimals) => {
        const amount = { asset: "ETH", value: fromMinor(units, decimals) };
        expect(amountSchema.safeParse(amount).success).toBe(true);
        expect(toMinor(amount.value, decimals)).toBe(units);
      }),
    );
  });
});
