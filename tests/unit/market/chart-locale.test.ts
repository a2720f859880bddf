import { describe, expect, it } from "vitest";
import { canvasText, crosshairTimeText, tickMarkText } from "../../../src/features/market/lib/chartLocale.ts";
import { formatPrice } from "../../../src/features/market/lib/format.ts";

// 15 November 2026, 12:00 UTC: mid-day, so the date is the same in every time zone a test runs in.
const noon = Date.UTC(2026, 10, 15, 12) / 1000;
const [year, month, day] = [0, 1, 2];

describe("the chart's axis and crosshair", () => {
  it("write months in English, day before month", () => {
    expect(tickMarkText(noon, month, "en")).toBe("Nov");
    expect(tickMarkText(noon, day, "en")).toBe("15 Nov");
    expect(tickMarkText(noon, year, "en")).toBe("2026");
    expect(crosshairTimeText(noon, "en")).toMatch(/^15 Nov 2026, \d\d:\d\d$/);
  });

  it("write Arabic month names with Latin digits in Arabic", () => {
    expect(tickMarkText(noon, month, "ar")).toBe("نوفمبر");
    expect(tickMarkText(noon, day, "ar")).toBe("15 نوفمبر");
    expect(tickMarkText(noon, year, "ar")).toBe("2026");
    const crosshair = crosshairTimeText(noon, "ar");
    expect(crosshair).toContain("نوفمبر");
    expect(crosshair).not.toMatch(/Nov|[\u0660-\u0669]/);
  });

  it("leaves a tick it does not know to the chart", () => {
    expect(tickMarkText(noon, 9, "en")).toBeNull();
    expect(tickMarkText({ year: 2026, month: 11, day: 15 }, month, "en")).toBeNull();
  });

  it("draws prices as the app writes them, without the isolate marks the canvas does not need", () => {
    expect(canvasText(formatPrice("97123.45", "USD", "ar"))).toBe("$97,123.45");
    expect(canvasText(formatPrice("136630000000", "USD", "ar"))).toBe("$136.63B");
    expect(canvasText(formatPrice("97123.45", "AED", "en"))).toBe("AED\u00a097,123.45");
  });
});
