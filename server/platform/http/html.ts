import type { Locale } from "../i18n/index.ts";

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The attributes of <html> for a language: Arabic reads right to left. */
export const htmlLangDir = (locale: Locale) => `lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"`;

/**
 * JSON to place inside a <script> element: `<` as \u003c, so no value can close the element or
 * open a comment (`</script>`, `<!--`); U+2028/2029 escaped for old parsers.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
