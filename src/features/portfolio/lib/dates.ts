/** A moment as traders read it: date and time in the user's zone, Latin digits in Arabic too. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale.startsWith("ar") ? "ar-u-nu-latn" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** Just the time, with seconds: the steps of one order are often minutes apart. */
export function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale.startsWith("ar") ? "ar-u-nu-latn" : "en-GB", { dateStyle: "medium", timeStyle: "medium" }).format(date);
}
