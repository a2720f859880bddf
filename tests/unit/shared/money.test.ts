import { describe, expect, it } from "vitest";
import { formatDecimal, formatMoney, invalidAmount } from "../../../src/shared/lib/money.ts";

const usd = (value: string) => ({ asset: "USD", value });

describe("formatMoney", () => {
  it.each([
    ["0", "$0.00"],
    ["-0", "$0.00"],
    ["1", "$1.00"],
    ["1234.5", "$1,234.50"],
    ["0.005", "$0.01"],
    ["0.004", "$0.00"],
    ["-0.004", "$0.00"],
    ["-0.005", "-$0.01"],
    ["999999.99", "$999,999.99"],
    ["999999.994", "$999,999.99"],
    // Rounds up across the million boundary: shown as millions, not $1,000,000.00.
    ["999999.995", "$1.00M"],
    ["1000000", "$1.00M"],
    ["1234567", "$1.23M"],
    ["999994999", "$999.99M"],
    // Rounds up across the billion boundary.
    ["999995000", "$1.00B"],
    ["1000000000", "$1.00B"],
    ["2500000000", "$2.50B"],
    ["1000000000000", "$1,000.00B"],
    ["-1500000", "-$1.50M"],
    ["-999999.996", "-$1.00M"],
    ["-12.345", "-$12.35"],
    ["42.1", "$42.10"],
  ])("formats %s USD as %s", (value, expected) => {
    expect(formatMoney(usd(value))).toBe(expected);
  });

  it("keeps every digit a float would lose", () => {
    // 2^53 + 1: as a number it is 9007199254740992.
    expect(formatMoney(usd("9007199254740993"), { decimals: 9 })).toBe("$9,007,199.254740993B");
    // As numbers these are a hair below the half (1.00499…, 123456.78499…) and round down.
    expect(formatMoney(usd("1.005"))).toBe("$1.01");
    expect(formatMoney(usd("123456.785"))).toBe("$123,456.79");
  });

  it.each([["abc"], [""], [" 1"], ["1e6"], ["1,000"], ["+1"], ["01"], ["1."], [".5"], ["NaN"], ["Infinity"]])("shows %j as invalid", (value) => {
    expect(formatMoney(usd(value))).toBe(invalidAmount);
  });

  it("takes the currency from the asset, and the decimals asked for", () => {
    expect(formatMoney({ asset: "EUR", value: "1234.5678" }, { decimals: 3 })).toBe("€1,234.568");
    expect(formatMoney(usd("1500000"), { decimals: 0 })).toBe("$2M");
  });

  it("writes crypto assets as a number and their code, which Intl has no currency for", () => {
    expect(formatMoney({ asset: "BTC", value: "0.00012345" }, { decimals: 8 })).toBe("0.00012345 BTC");
    expect(formatMoney({ asset: "USDT", value: "2500000" })).toBe("2.50M USDT");
    expect(formatMoney({ asset: "ETH", value: "-1.5" })).toBe("-1.50 ETH");
  });

  it("keeps amounts left-to-right inside Arabic text", () => {
    expect(formatMoney(usd("-1500000"), { locale: "ar" })).toBe("\u2066-$1.50M\u2069");
    expect(formatMoney(usd("0"), { locale: "ar" })).toBe("\u2066$0.00\u2069");
    expect(formatMoney({ asset: "BTC", value: "0.5" }, { locale: "ar" })).toBe("\u20660.50 BTC\u2069");
    expect(formatMoney(usd("x"), { locale: "ar" })).toBe(invalidAmount);
  });
});

describe("formatDecimal", () => {
  it("writes exactly what Intl.NumberFormat writes in en-US, for plain numbers and the currencies it knows", () => {
    const values = ["0", "-0", "1", "-1", "12", "123", "1234", "-1234", "12345", "123456", "1234567", "-98765432109876543210", "1000000"];
    let compared = 0;
    for (const currency of [null, "USD", "EUR", "GBP", "AED", "SAR", "JPY", "CHF"])
      for (const decimals of [0, 2, 4, 8])
        for (const whole of values)
          for (const fraction of ["", "0", "5", "00000001", "99999999"]) {
            if (decimals === 0 && fraction) continue;
            const digits = decimals === 0 ? "" : `.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
            const decimal = `${whole}${digits}`;
            const intl = new Intl.NumberFormat("en-US", {
              ...(currency ? { style: "currency", currency } : {}),
              minimumFractionDigits: decimals,
              maximumFractionDigits: decimals,
              signDisplay: "negative",
            }).format(decimal as Intl.StringNumericLiteral);
            expect(formatDecimal(decimal, currency, decimals), `${decimal} ${currency}`).toBe(intl);
            compared++;
          }
    expect(compared).toBeGreaterThan(1000);
  });
});
