import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalOf, parseAmountInput, toPlain } from "../../../contract/decimal.ts";
import { formatDecimal } from "../../../src/shared/lib/money.ts";

const accepts = (text: string) => expect(parseAmountInput(text)).toEqual({ ok: true, value: expect.any(String) });

describe("parseAmountInput", () => {
  it.each([
    ["1000.50", "1000.50"],
    ["1,000.50", "1000.50"],
    ["$1,000.50", "1000.50"],
    ["$ 1,000,000", "1000000"],
    ["€12.5", "12.5"],
    ["£0.99", "0.99"],
    ["USD 250", "250"],
    ["usd250", "250"],
    ["250 SAR", "250"],
    ["AED 1,000", "1000"],
    ["١٠٠ ر.س", "100"],
    ["د.إ ٥٠", "50"],
    ["١٬٠٠٠", "1000"],
    ["١٢٣٫٤٥", "123.45"],
    ["۱۲۳٫۴", "123.4"],
    ["１２３．５", "123.5"],
    ["１，０００", "1000"],
    ["1 000 000.25", "1000000.25"],
    ["1\u00a0000", "1000"],
    ["1\u202f000", "1000"],
    ["1\u2009000", "1000"],
    ["1'000", "1000"],
    ["1\u2019000", "1000"],
    ["100.", "100"],
    [".5", "0.5"],
    ["0.5", "0.5"],
    ["007", "7"],
    ["000.10", "0.10"],
    ["0", "0"],
    ["  42  ", "42"],
    ["\u200f١٠٠\u200f", "100"],
    ["\u2066$1,000\u2069", "1000"],
    ["\u061c٥", "5"],
    ["١2٣", "123"],
  ])("reads %j as %s", (text, value) => {
    expect(parseAmountInput(text)).toEqual({ ok: true, value });
  });

  it.each([
    ["", "empty"],
    ["   ", "blank"],
    [".", "a dot alone"],
    ["$", "a sign alone"],
    ["1,5", "a comma that may be a decimal separator"],
    ["1,00", "a group of two"],
    ["1,0000", "a group of four"],
    ["1,00,000", "Indian grouping"],
    ["0,500", "a first group of zero"],
    [",000", "a separator first"],
    ["1,000,", "a separator last"],
    ["1,000 000", "two kinds of separator"],
    ["1.000,50", "a dot before grouping"],
    ["1.000,5", "grouping after the dot"],
    ["1.2.3", "two dots"],
    ["1..2", "a double dot"],
    ["1e3", "an exponent"],
    ["1E-2", "an exponent"],
    ["-1", "a negative"],
    ["--1", "two minuses"],
    ["+1", "a plus"],
    ["(5)", "an accountant's negative"],
    ["abc", "letters"],
    ["12abc", "letters after digits"],
    ["0x10", "hex"],
    ["Infinity", "infinity"],
    ["NaN", "not a number"],
    ["$$5", "two signs"],
    ["$5 USD", "two signs"],
    ["5$5", "a sign inside"],
    ["1_000", "underscores"],
    ["1".repeat(61), "over 60 characters"],
  ])("refuses %j (%s)", (text) => {
    expect(parseAmountInput(text)).toEqual({ ok: false, error: "amount.invalid" });
  });

  it("accepts 60 characters", () => {
    accepts("1".repeat(60));
  });

  const amount = fc.record({ units: fc.bigInt({ min: 0n, max: 10n ** 24n }), scale: fc.integer({ min: 0, max: 8 }) });
  const canonical = ({ units, scale }: { units: bigint; scale: number }) => toPlain(decimalOf(units, scale));
  const withFraction = (whole: string, plain: string, dot: string) => {
    const fraction = plain.split(".")[1];
    return fraction === undefined ? whole : `${whole}${dot}${fraction}`;
  };

  it("reads back an amount grouped as en-US writes it", () => {
    fc.assert(
      fc.property(amount, (value) => {
        const plain = canonical(value);
        const whole = BigInt(plain.split(".")[0]!).toLocaleString("en-US");
        expect(parseAmountInput(withFraction(whole, plain, "."))).toEqual({ ok: true, value: plain });
      }),
    );
  });

  it("reads back an amount in Arabic-Indic digits and separators as ar-EG writes it", () => {
    fc.assert(
      fc.property(amount, (value) => {
        const plain = canonical(value);
        const arabic = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
        const whole = BigInt(plain.split(".")[0]!).toLocaleString("ar-EG");
        const fraction = plain.split(".")[1];
        const text = fraction === undefined ? whole : `${whole}\u066b${arabic(fraction)}`;
        expect(parseAmountInput(text)).toEqual({ ok: true, value: plain });
      }),
    );
  });

  it("reads back what the app shows for an amount in dollars", () => {
    fc.assert(
      fc.property(amount, (value) => {
        const plain = canonical(value);
        expect(parseAmountInput(formatDecimal(plain, "USD", value.scale))).toEqual({ ok: true, value: plain });
      }),
    );
  });
});
