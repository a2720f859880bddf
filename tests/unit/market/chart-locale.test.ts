import { describe, expect, it } from "vitest";
import { canvasText, chartTime, crosshairTimeText, tickMarkText, zonedPoints } from "../../../src/features/market/lib/chartLocale.ts";
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

  it("write Arabic month names with Latin digits in Arabic, isolated right to left on the left-to-right canvas", () => {
    expect(tickMarkText(noon, month, "ar")).toBe("\u2067نوفمبر\u2069");
    expect(tickMarkText(noon, day, "ar")).toBe("\u206715 نوفمبر\u2069");
    expect(tickMarkText(noon, year, "ar")).toBe("\u20672026\u2069");
    expect(tickMarkText(noon, 3, "ar")).toMatch(/^\u2067\d\d:\d\d\u2069$/);
    const crosshair = crosshairTimeText(noon, "ar");
    expect(crosshair).toContain("نوفمبر");
    expect(crosshair).not.toMatch(/Nov|[\u0660-\u0669]/);
  });

  it("reads the times it is given in the user's zone: the chart is given them shifted by the zone's offset", () => {
    const at = Date.UTC(2026, 10, 15, 21, 30) / 1000;
    const local = new Date(at * 1000);
    const hhmm = `${String(local.getHours()).padStart(2, "0")}:${String(local.getMinutes()).padStart(2, "0")}`;
    expect(tickMarkText(chartTime(at), 3, "en")).toBe(hhmm);
    expect(tickMarkText(chartTime(at), 2, "en")).toBe(`${local.getDate()} Nov`);
    expect(new Date(chartTime(at) * 1000).getUTCHours()).toBe(local.getHours());
  });

  it("keeps the chart's times strictly increasing when a clock goes back an hour", () => {
    // Every 5 minutes across the night New York's clocks go back (1 November 2026, 06:00 UTC).
    const start = Date.UTC(2026, 10, 1, 4) / 1000;
    const points = Array.from({ length: 48 }, (_, index) => ({ time: start + index * 300, value: index }));
    const zoned = zonedPoints(points);
    expect(zoned.length).toBeGreaterThan(0);
    for (let index = 1; index < zoned.length; index++) expect(zoned[index]!.time).toBeGreaterThan(zoned[index - 1]!.time);
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
