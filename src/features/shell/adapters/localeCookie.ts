import { localeCookie } from "../../../../contract/pages.ts";
import type { Locale } from "../../../../machines/shell/locale.machine.ts";

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
