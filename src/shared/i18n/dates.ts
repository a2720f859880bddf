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
