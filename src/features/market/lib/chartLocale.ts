// What the chart's axes and crosshair write, in the page's language: month names in Arabic or
// English, and prices by the app's own formatter (Latin digits, spec section 3's M and B).
import { dateFormat } from "../../../shared/i18n/dates.ts";
import type { PricePoint } from "./chart.ts";

/** lightweight-charts' TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds. */
const tickFormats: readonly Intl.DateTimeFormatOptions[] = [
  { year: "numeric", timeZone: "UTC" },
  { month: "short", timeZone: "UTC" },
  { day: "numeric", month: "short", timeZone: "UTC" },
  { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" },
  { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23", timeZone: "UTC" },
];

// A 24-hour clock in both languages: an axis has no room for Arabic's ص/م, and traders read it.
const crosshairFormat: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
};

/**
 * A Unix time moved by the user's offset from UTC, as the chart is given it: the chart places its
 * day and hour marks in UTC, so shifted times put them at the user's own midnights and hours, and
 * the texts below read the shifted time as UTC (lightweight-charts' documented way to show a zone).
 */
export function chartTime(unixSeconds: number): number {
  return unixSeconds - new Date(unixSeconds * 1000).getTimezoneOffset() * 60;
}

/**
 * The canvas lays text out left to right (the chart runs left to right in both languages): Arabic
 * is isolated right to left inside it, so "28 نوفمبر" keeps its order.
 */
const readable = (text: string, locale: string) => (locale.startsWith("ar") ? `\u2067${text}\u2069` : text);

/** Points as the chart is given them: times by chartTime, still strictly increasing (an hour a clock repeats in autumn is drawn once). */
export function zonedPoints(points: readonly PricePoint[]): PricePoint[] {
  const zoned: PricePoint[] = [];
  for (const point of points) {
    const time = chartTime(point.time);
    if (zoned.length === 0 || time > zoned[zoned.length - 1]!.time) zoned.push({ time, value: point.value });
  }
  return zoned;
}

/** The chart's times are Unix seconds shifted to the user's zone (chartTime). */
const dateOf = (time: unknown) => (typeof time === "number" ? new Date(time * 1000) : null);

/** A tick mark on the time axis, given a time from chartTime. */
export function tickMarkText(time: unknown, tickMarkType: number, locale: string): string | null {
  const date = dateOf(time);
  const options = tickFormats[tickMarkType];
  return date && options ? readable(dateFormat(locale, options).format(date), locale) : null;
}

/** The time under the crosshair, given a time from chartTime. */
export function crosshairTimeText(time: unknown, locale: string): string {
  const date = dateOf(time);
  return date ? readable(dateFormat(locale, crosshairFormat).format(date), locale) : "";
}

/** A formatted figure for the canvas: it lays text out left to right itself, so the isolate marks go. */
export function canvasText(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, "");
}
