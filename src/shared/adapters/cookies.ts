import { pageSessionCookie, quoteCookie } from "../../../contract/firstAnswers.ts";
import { localeCookie, signedInHintCookie } from "../../../contract/pages.ts";
import type { QuoteCurrency } from "../../../contract/quotes.ts";
import type { Locale } from "../../../machines/shell/locale.machine.ts";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Mirrors the chosen language into a cookie, so the next page the server sends is already in it
 * (local storage stays the app's own record). Not a secret: readable by scripts, same-site only.
 */
export function writeLocaleCookie(locale: Locale, doc: Pick<Document, "cookie"> | undefined = globalThis.document): void {
  if (!doc) return;
  const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
  doc.cookie = `${localeCookie}=${locale}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/**
 * Marks (or unmarks) this browser as holding a sign-in, for the server's choice of a signed-in
 * page's HTML (the hint, not a secret), and gives the server's HTML the sign-in's token, so that a
 * signed-in page arrives with its first data (contract/firstAnswers.ts). The token cookie is
 * same-site only (Strict) and no API call accepts it; scripts can read it, as they can read the
 * token where the app keeps it (local storage).
 */
export function writeSignedInHint(token: string | null, doc: Pick<Document, "cookie"> | undefined = globalThis.document): void {
  if (!doc) return;
  const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
  if (token) {
    doc.cookie = `${signedInHintCookie}=1; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
    doc.cookie = `${pageSessionCookie}=${encodeURIComponent(token)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Strict${secure}`;
  } else {
    doc.cookie = `${signedInHintCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    doc.cookie = `${pageSessionCookie}=; Path=/; Max-Age=0; SameSite=Strict${secure}`;
  }
}

/** Mirrors the chosen quote currency for the server, which asks a page's first prices in it. Not a secret. */
export function writeQuoteCookie(currency: QuoteCurrency, doc: Pick<Document, "cookie"> | undefined = globalThis.document): void {
  if (!doc) return;
  const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
  doc.cookie = `${quoteCookie}=${currency}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}
