// Dates as the app writes them: the page's language, with Latin digits in Arabic as for every
// other figure (prices, amounts), and day before month in English, as traders outside the US read.

/** The Intl locale that formats dates for an app language. */
export function dateLocale(locale: string): string {
  return locale.startsWith("ar") ? "ar-u-nu-latn" : "en-GB";
}

// Making a DateTimeFormat costs far more than using one: one per locale and options.
const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter for an app language and options. */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = dateLocale(locale);
  const key = `${tag}:${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formats.set(key, format);
  }
  return format;
}

/** A calendar day (yyyy-mm-dd, as addresses and the API carry it) as the page writes dates: "1 Nov 2026", "01/11/2026". */
export function formatDay(iso: string, locale: string): string {
  const date = dayOf(iso);
  // The bidi marks Arabic's format carries would only get in the way of editing the text.
  return date
    ? dateFormat(locale, { dateStyle: "medium", timeZone: "UTC" })
        .format(date)
        .replace(/[\u200e\u200f\u061c]/g, "")
    : iso;
}

function dayOf(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

// Month names people may type, in both languages and both lengths ("nov", "november", "نوفمبر").
let monthNames: Map<string, number> | null = null;
function monthNumber(name: string): number | undefined {
  if (!monthNames) {
    monthNames = new Map();
    for (const locale of ["en", "ar"])
      for (const month of ["short", "long"] as const)
        for (let index = 0; index < 12; index++) {
          const text = dateFormat(locale, { month, timeZone: "UTC" }).format(new Date(Date.UTC(2026, index, 15)));
          monthNames.set(text.toLowerCase().replace(/\.$/, ""), index + 1);
        }
    monthNames.set("sep", 9);
  }
  return monthNames.get(name.toLowerCase().replace(/\.$/, ""));
}

/**
 * A day as a person types it, as yyyy-mm-dd, or null: day, month and year in the page's order
 * (1/11/2026, 01-11-2026, 1.11.2026), with the month's name (1 Nov 2026, 1 نوفمبر 2026), or as
 * yyyy-mm-dd; Arabic-Indic digits are read too. The year has four digits; the day must exist.
 */
export function parseDay(text: string): string | null {
  const plain = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u200e\u200f\u061c,،]/g, " ");
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(plain);
  const parts = iso ? [iso[3]!, iso[2]!, iso[1]!] : plain.split(/[\s/.-]+/);
  if (parts.length !== 3) return null;
  const [dayText, monthText, yearText] = parts as [string, string, string];
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : monthNumber(monthText);
  if (!/^\d{1,2}$/.test(dayText) || !/^\d{4}$/.test(yearText) || !month) return null;
  const candidate = `${yearText}-${pad(month)}-${pad(Number(dayText))}`;
  return dayOf(candidate) ? candidate : null;
}
