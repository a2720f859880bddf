import { describe, expect, it } from "vitest";
import { formatMoney, invalidAmount } from "../../../src/shared/lib/money.ts";

describe("formatMoney", () => {
  it.each([
    [0, "$0.00"],
    [-0, "$0.00"],
    [1, "$1.00"],
    [1234.5, "$1,234.50"],
    [0.005, "$0.01"],
    [0.004, "$0.00"],
    [999_999.99, "$999,999.99"],
    [999_999.994, "$999,999.99"],
    // Rounds up across the million boundary: shown as millions, not $1,000,000.00.
    [999_999.996, "$1.00M"],
    [1_000_000, "$1.00M"],
    [1_234_567, "$1.23M"],
    [999_994_999, "$999.99M"],
    // Rounds up across the billion boundary.
    [999_996_000, "$1.00B"],
    [1_000_000_000, "$1.00B"],
    [2_500_000_000, "$2.50B"],
    [1_000_000_000_000, "$1,000.00B"],
    [-1_500_000, "-$1.50M"],
    [-999_999.996, "-$1.00M"],
    [-12.345, "-$12.35"],
    ["42.1", "$42.10"],
    [10n, "$10.00"],
  ])("formats %s as %s", (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], ["abc"], [""], ["  "], [null], [undefined], [{}], [[]]])(
    "shows %j as invalid",
    (value) => {
      expect(formatMoney(value)).toBe(invalidAmount);
    },
  );

  it("honours currency and decimals", () => {
    expect(formatMoney(1234.5678, { currency: "EUR", decimals: 3 })).toBe("€1,234.568");
    expect(formatMoney(1_500_000, { decimals: 0 })).toBe("$2M");
  });

  it("keeps amounts left-to-right inside Arabic text", () => {
    expect(formatMoney(-1_500_000, { locale: "ar" })).toBe("\u2066-$1.50M\u2069");
    expect(formatMoney(0, { locale: "ar" })).toBe("\u2066$0.00\u2069");
    expect(formatMoney("x", { locale: "ar" })).toBe(invalidAmount);
  });
});
