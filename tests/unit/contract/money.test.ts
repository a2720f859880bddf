import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountFromMinor, amountSchema, amountToMinor, type Amount } from "../../../contract/index.ts";

const btc = (value: string): Amount => ({ asset: "BTC", value });

describe("amountFromMinor", () => {
  it.each([
    [12_345n, 8, "0.00012345"],
    [-12_345n, 8, "-0.00012345"],
    [100_000_000n, 8, "1.00000000"],
    [0n, 8, "0.00000000"],
    [25_000n, 2, "250.00"],
    [7n, 0, "7"],
    [-7n, 0, "-7"],
    // Past Number's 2^53: every digit stays.
    [2n ** 80n, 18, "1208925.819614629174706176"],
  ])("%s units with %s decimals is %s", (units, decimals, value) => {
    expect(amountFromMinor({ asset: "BTC", units, decimals })).toEqual({ asset: "BTC", value });
  });

  it("refuses a number of decimals that is not a whole number from 0 to 36", () => {
    for (const decimals of [-1, 1.5, 37, Number.NaN]) expect(() => amountFromMinor({ asset: "BTC", units: 1n, decimals })).toThrow(RangeError);
  });
});

describe("amountToMinor", () => {
  it.each([
    ["0.00012345", 8, 12_345n],
    ["1", 8, 100_000_000n],
    ["1.5", 2, 150n],
    ["-12.5", 2, -1_250n],
    ["-0", 2, 0n],
    ["0.1", 1, 1n],
    ["123456789012345678901234567890", 0, 123456789012345678901234567890n],
  ])("%s with %s decimals is %s units", (value, decimals, units) => {
    expect(amountToMinor(btc(value), decimals)).toEqual({ asset: "BTC", units, decimals });
  });

  it("refuses more fraction digits than the asset has, never rounding", () => {
    expect(() => amountToMinor(btc("0.123"), 2)).toThrow(/more than 2 decimals/);
    expect(() => amountToMinor(btc("0.000000001"), 8)).toThrow(RangeError);
    expect(() => amountToMinor(btc("1.0"), 0)).toThrow(RangeError);
  });

  it.each(["1e-8", "1E3", "0x10", "+1", " 1", "1 ", "01", "1.", ".5", "1,000", "1_000", "NaN", "Infinity", "", "--1", "١٢"])(
    "refuses %j: plain decimals only",
    (value) => {
      expect(() => amountToMinor(btc(value), 8)).toThrow(RangeError);
      expect(amountSchema.safeParse(btc(value)).success).toBe(false);
    },
  );

  it("inverts amountFromMinor exactly, for any units and decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 36 }), (units, decimals) => {
        const amount = amountFromMinor({ asset: "ETH", units, decimals });
        expect(amountSchema.safeParse(amount).success).toBe(true);
        expect(amountToMinor(amount, decimals)).toEqual({ asset: "ETH", units, decimals });
      }),
    );
  });
});
