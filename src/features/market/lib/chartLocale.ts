// What the chart's axes and crosshair write, in the page's language: month names in Arabic or
// English, and prices by the app's own formatter (Latin digits, spec section 3's M and B).
import { dateFormat } from "../../../shared/i18n/dates.ts";

/** lightweight-charts' TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds. */
const tickFormats: readonly Intl.DateTimeFormatOptions[] = [
  { year: "numeric" },
  { month: "short" },
  { day: "numeric", month: "short" },
  { hour: "2-digit", minute: "2-digit" },
  { hour: "2-digit", minute: "2-digit", second: "2-digit" },
];

const crosshairFormat: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" };

/** The chart's times are Unix seconds (see chartPoints). */
const dateOf = (time: unknown) => (typeof time === "number" ? new Date(time * 1000) : null);

/** A tick mark on the time axis, in the user's time zone. */
export function tickMarkText(time: unknown, tickMarkType: number, locale: string): string | null {
  const date = dateOf(time);
  const options = tickFormats[tickMarkType];
  return date && options ? dateFormat(locale, options).format(date) : null;
}

/** The time under the crosshair, in the user's time zone. */
export function crosshairTimeText(time: unknown, locale: string): string {
  const date = dateOf(time);
  return date ? dateFormat(locale, crosshairFormat).format(date) : "";
}

/** A formatted figure for the canvas: it lays text out left to right itself, so the isolate marks go. */
export function canvasText(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, "");
}
