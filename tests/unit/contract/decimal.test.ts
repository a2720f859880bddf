import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  decimal,
  decimalOf,
  div,
  fromMinor,
  movePoint,
  mul,
  parseDecimal,
  round,
  sign,
  sub,
  toMinor,
  toPlain,
  type Decimal,
  type Rounding,
} from "../../../contract/decimal.ts";

const ROUNDINGS: Rounding[] = ["down", "up", "floor", "ceil", "halfUp", "halfEven"];
const ten = (power: number) => 10n ** BigInt(power);

const anyDecimal = fc
  .record({ units: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), scale: fc.integer({ min: 0, max: 20 }) })
  .map(({ units, scale }) => decimalOf(units, scale));
const nonZero = anyDecimal.filter((d) => d.units !== 0n);
const anyRounding = fc.constantFrom(...ROUNDINGS);

/** Reference: a decimal as the fraction n/d, compared by cross-multiplying. */
const fraction = (d: Decimal) => ({ n: d.units, d: ten(d.scale) });
const sameValue = (x: Decimal, n: bigint, d: bigint) => x.units * d === n * ten(x.scale);

/** Reference rounding of n/d (d > 0) to a whole number, written from floor rather than truncation. */
function referenceRound(n: bigint, d: bigint, rounding: Rounding): bigint {
  if (d < 0n) [n, d] = [-n, -d];
  const lo = n >= 0n ? n / d : -((-n + d - 1n) / d);
  if (lo * d === n) return lo;
  const hi = lo + 1n;
  const positive = n > 0n;
  const twice = 2n * (n - lo * d);
  switch (rounding) {
    case "down":
      return positive ? lo : hi;
    case "up":
      return positive ? hi : lo;
    case "floor":
      return lo;
    case "ceil":
      return hi;
    case "halfUp":
      return twice < d ? lo : twice > d ? hi : positive ? hi : lo;
    case "halfEven":
      return twice < d ? lo : twice > d ? hi : lo % 2n === 0n ? lo : hi;
  }
}

describe("parseDecimal and toPlain", () => {
  it.each([
    ["0", 0n, 0],
    ["-12.50", -1250n, 2],
    ["0.00012345", 12345n, 8],
    ["123456789012345678901234567890", 123456789012345678901234567890n, 0],
  ])("reads %s", (text, units, scale) => {
    expect(parseDecimal(text)).toEqual({ units, scale });
  });

  it.each(["", "01", "1.", ".5", "+1", "1e3", "1,000", " 1", "--1", "1.2.3", "NaN", "١٢"])("refuses %j", (text) => {
    expect(parseDecimal(text)).toBeNull();
    expect(() => decimal(text)).toThrow(RangeError);
  });

  it("writes the exact text back, for any decimal", () => {
    fc.assert(
      fc.property(anyDecimal, (d) => {
        const text = toPlain(d);
        expect(parseDecimal(text)).toEqual(d);
        expect(toPlain(decimal(text))).toBe(text);
      }),
    );
  });

  it("pads to places, trims zeros, and refuses to drop a digit", () => {
    expect(toPlain(decimal("1.5"), { places: 3 })).toBe("1.500");
    expect(toPlain(decimal("1.500"), { places: 1 })).toBe("1.5");
    expect(toPlain(decimal("100.00"), { trim: true })).toBe("100");
    expect(toPlain(decimal("-0.10"), { trim: true })).toBe("-0.1");
    expect(toPlain(decimal("-0.00"))).toBe("0.00");
    expect(() => toPlain(decimal("1.25"), { places: 1 })).toThrow(RangeError);
  });
});

describe("minor units", () => {
  it.each([
    [12_345n, 8, "0.00012345"],
    [-12_345n, 8, "-0.00012345"],
    [25_000n, 2, "250.00"],
    [7n, 0, "7"],
    [2n ** 80n, 18, "1208925.819614629174706176"],
  ])("%s units with %s decimals is %s", (units, decimals, text) => {
    expect(fromMinor(units, decimals)).toBe(text);
    expect(toMinor(text, decimals)).toBe(units);
  });

  it("refuses a number of decimals that is not a whole number from 0", () => {
    for (const decimals of [-1, 1.5, Number.NaN]) expect(() => fromMinor(1n, decimals)).toThrow(RangeError);
  });

  it("is exact without a rounding: more non-zero places, or text that is no decimal, give null", () => {
    expect(toMinor("1.50", 1)).toBe(15n);
    expect(toMinor("1.0", 0)).toBe(1n);
    expect(toMinor("0.123", 2)).toBeNull();
    expect(toMinor("1,000", 2)).toBeNull();
    expect(toMinor("0.125", 2, "halfEven")).toBe(12n);
    expect(toMinor("0.125", 2, "halfUp")).toBe(13n);
    expect(toMinor(decimal("-0.125"), 2, "floor")).toBe(-13n);
  });

  it("inverts fromMinor, for any units and decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 0, max: 36 }), (units, decimals) => {
        expect(toMinor(fromMinor(units, decimals), decimals)).toBe(units);
      }),
    );
  });
});

describe("arithmetic", () => {
  it("adds, subtracts and multiplies as fractions do", () => {
    fc.assert(
      fc.property(anyDecimal, anyDecimal, (a, b) => {
        const x = fraction(a);
        const y = fraction(b);
        expect(sameValue(add(a, b), x.n * y.d + y.n * x.d, x.d * y.d)).toBe(true);
        expect(sameValue(sub(a, b), x.n * y.d - y.n * x.d, x.d * y.d)).toBe(true);
        expect(sameValue(mul(a, b), x.n * y.n, x.d * y.d)).toBe(true);
        expect(add(a, b).scale).toBe(Math.max(a.scale, b.scale));
      }),
    );
  });

  it("divides with each rounding as the reference does, within one unit in the last place", () => {
    fc.assert(
      fc.property(anyDecimal, nonZero, fc.integer({ min: 0, max: 20 }), anyRounding, (a, b, scale, rounding) => {
        const q = div(a, b, scale, rounding);
        // a/b · 10^scale as n/d
        const n = a.units * ten(b.scale + scale);
        const d = b.units * ten(a.scale);
        expect(q.scale).toBe(scale);
        expect(q.units).toBe(referenceRound(n, d, rounding));
        const error = q.units * d - n; // (q − a/b) · 10^scale · d
        expect(error < 0n ? -error : error).toBeLessThan(d < 0n ? -d : d);
      }),
    );
  });

  it("moves the point exactly, as an exponent does", () => {
    expect(toPlain(movePoint(decimal("1.5"), -7))).toBe("0.00000015");
    expect(toPlain(movePoint(decimal("2"), 3))).toBe("2000");
    expect(toPlain(movePoint(decimal("1.2345"), 2))).toBe("123.45");
    fc.assert(
      fc.property(anyDecimal, fc.integer({ min: -20, max: 20 }), (x, places) => {
        expect(compare(movePoint(movePoint(x, places), -places), x)).toBe(0);
        expect(compare(movePoint(x, places), mul(x, places >= 0 ? decimalOf(ten(places), 0) : decimalOf(1n, -places)))).toBe(0);
      }),
    );
  });

  it("refuses to divide by zero", () => {
    expect(() => div(decimal("1"), decimal("0.00"), 2, "down")).toThrow(RangeError);
  });

  it.each([
    ["2.5", "halfUp", "3"],
    ["-2.5", "halfUp", "-3"],
    ["2.5", "halfEven", "2"],
    ["3.5", "halfEven", "4"],
    ["-2.5", "halfEven", "-2"],
    ["-2.1", "down", "-2"],
    ["-2.1", "up", "-3"],
    ["-2.1", "floor", "-3"],
    ["-2.9", "ceil", "-2"],
    ["2.1", "ceil", "3"],
  ] as const)("rounds %s %s to %s", (value, rounding, rounded) => {
    expect(toPlain(round(decimal(value), 0, rounding))).toBe(rounded);
  });
});

describe("rounding never creates money", () => {
  it("rounds every mode as the reference, with floor ≤ x ≤ ceil and |down| ≤ |x| ≤ |up|", () => {
    fc.assert(
      fc.property(anyDecimal, fc.integer({ min: 0, max: 20 }), anyRounding, (x, scale, rounding) => {
        const rounded = round(x, scale, rounding);
        expect(rounded.scale).toBe(scale);
        expect(rounded.units).toBe(scale >= x.scale ? x.units * ten(scale - x.scale) : referenceRound(x.units, ten(x.scale - scale), rounding));
        expect(compare(round(x, scale, "floor"), x)).toBeLessThanOrEqual(0);
        expect(compare(round(x, scale, "ceil"), x)).toBeGreaterThanOrEqual(0);
        const magnitude = (d: Decimal) => decimalOf(d.units < 0n ? -d.units : d.units, d.scale);
        expect(compare(magnitude(round(x, scale, "down")), magnitude(x))).toBeLessThanOrEqual(0);
        expect(compare(magnitude(round(x, scale, "up")), magnitude(x))).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("a whole split into parts, each rounded down, never sums above the whole", () => {
    const split = fc.record({
      whole: fc.bigInt({ min: 0n, max: 10n ** 12n }),
      cuts: fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 12 }),
      places: fc.integer({ min: 0, max: 4 }),
    });
    fc.assert(
      fc.property(split, ({ whole, cuts, places }) => {
        // The whole in cents, split at random points of its finer (8-place) units.
        const fine = whole * ten(6);
        const points = [0n, ...cuts.map((cut) => cut % (fine + 1n)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), fine];
        const parts = points.slice(1).map((point, i) => decimalOf(point - points[i]!, 8));
        const total = decimalOf(whole, 2);
        expect(compare(parts.reduce(add, decimalOf(0n, 0)), total)).toBe(0);
        const rounded = parts.map((part) => round(part, places, "down")).reduce(add, decimalOf(0n, 0));
        expect(compare(rounded, total)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("compare and sign", () => {
  it("orders by value, whatever the scale", () => {
    expect(compare("97123.40", "97123.4")).toBe(0);
    expect(compare("0.10000000000000000001", "0.1")).toBe(1);
    expect(compare("-2", decimal("1.5"))).toBe(-1);
    expect(sign(decimal("-0.00"))).toBe(0);
    expect(() => compare("1e3", "1")).toThrow(RangeError);
  });

  it("agrees with the sign of the difference, both ways round", () => {
    fc.assert(
      fc.property(anyDecimal, anyDecimal, (a, b) => {
        expect(compare(a, b)).toBe(sign(sub(a, b)));
        expect(compare(b, a)).toBe(-compare(a, b) || 0);
        expect(compare(toPlain(a), toPlain(b))).toBe(compare(a, b));
      }),
    );
  });
});
