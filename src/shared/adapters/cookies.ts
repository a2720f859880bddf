import { localeCookie, signedInHintCookie } from "../../../contract/pages.ts";
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

/** Marks (or unmarks) this browser as holding a sign-in, for the server's choice of a signed-in page's HTML. Not a secret. */
export function writeSignedInHint(signedIn: boolean, doc: Pick<Document, "cookie"> | undefined = globalThis.document): void {
  if (!doc) return;
  const secure = globalThis.location?.protocol === "https:" ? "; Secure" : "";
  doc.cookie = signedIn
    ? `${signedInHintCookie}=1; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`
    : `${signedInHintCookie}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
