import { describe, expect, it } from "vitest";
import { changeDirection, formatChange, formatPrice, normalizeSearch, priceDecimals } from "../../../src/features/market/lib/format.ts";
import { chartPoints } from "../../../src/features/market/lib/chart.ts";

describe("market formats", () => {
  it.each([
    ["97123.45", 2],
    ["1", 2],
    ["0.5012", 4],
    ["0.00001234", 8],
    ["0.000000000001", 10],
    ["0", 2],
    ["not a number", 2],
  ])("a price of %s shows %i decimals", (value, decimals) => expect(priceDecimals(value)).toBe(decimals));

  it("formats prices in their currency, M and B above a million, left to right in Arabic", () => {
    expect(formatPrice("97123.456", "USD", "en")).toBe("$97,123.46");
    expect(formatPrice("0.00001234", "USD", "en")).toBe("$0.00001234");
    expect(formatPrice("2500000", "EUR", "en")).toBe("€2.50M");
    expect(formatPrice("3.6725", "AED", "ar")).toBe("\u2066AED\u00a03.67\u2069");
  });

  it("signs changes and tells their direction", () => {
    expect(formatChange("2.3")).toBe("+2.30%");
    expect(formatChange("-1.205")).toBe("\u22121.20%");
    expect(formatChange("-0.00")).toBe("0.00%");
    expect(formatChange("x")).toBe("—");
    expect([changeDirection("1.5"), changeDirection("-0.01"), changeDirection("0.00")]).toEqual(["up", "down", "flat"]);
  });

  it("normalizes searches: case, Arabic diacritics and swapped letter forms", () => {
    expect(normalizeSearch("  BitCoin ")).toBe("bitcoin");
    expect(normalizeSearch("إيثيريوم")).toBe(normalizeSearch("ايثيريوم"));
    expect(normalizeSearch("بِيتْكُوين")).toBe(normalizeSearch("بيتكوين"));
    expect(normalizeSearch("عملة")).toBe(normalizeSearch("عمله"));
  });

  it("keeps only chartable points: numbers at strictly increasing times", () => {
    expect(
      chartPoints({
        points: [
          { t: 1, p: "1.5" },
          { t: 1, p: "1.6" },
          { t: 2, p: "2" },
        ],
      }),
    ).toEqual([
      { time: 1, value: 1.5 },
      { time: 2, value: 2 },
    ]);
  });
});
