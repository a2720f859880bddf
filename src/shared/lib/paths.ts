import { isPagePath, paths } from "../../../contract/pages.ts";

/** Every route of the app, as data (contract/pages.ts): views link through these, never through string literals. */
export { pathMatches, paths, type PathName } from "../../../contract/pages.ts";

/** The sidebar opens the exchange on the spec's default pair. */
export function exchangeHref(curr = "USD", symbol = "BTC"): string {
  return `${paths.exchange}?${new URLSearchParams({ curr, symbol }).toString()}`;
}

/** The Buy page for a pair: pay in `curr` by card, receive `symbol`. */
export function buyHref(symbol: string, curr = "USD"): string {
  return `${paths.buy}?${new URLSearchParams({ symbol, curr }).toString()}`;
}

/** An asset's page on the market: its chart and the ways to trade it. */
export function marketAssetHref(symbol: string): string {
  return paths.marketAsset.replace(":symbol", encodeURIComponent(symbol));
}

/** The router as machines' effects use it: go somewhere, and say where the app is now. */
export interface Navigation {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current path, so a redirect to the page already open adds no history entry. */
  path(): string;
  /**
   * The signed-in page open now, with its query (`/exchange?curr=USD&symbol=BTC`), for the login
   * page to come back to after a session ends under it; null on any other page.
   */
  signedInPage?(): string | null;
}

/** Backslashes (some browsers read them as slashes) and control characters never belong in a return address. */
const hasControlOrBackslash = (value: string) => [...value].some((char) => char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

const authPages: readonly string[] = [paths.login, paths.signup, paths.verifyEmail, paths.forgotPassword, paths.resetPassword];
// Any origin will do: a path that resolves elsewhere against it is not one of ours.
const probeOrigin = "https://sarraf.invalid";

/**
 * A return address after signing in, if it is safe: a same-origin path of one of the app's pages
 * (not an auth page), with its query and fragment; null for anything else (another origin,
 * `//host`, backslashes, control characters, unknown pages).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith("/") || value.startsWith("//") || hasControlOrBackslash(value)) return null;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return null;
  }
  if (url.origin !== probeOrigin || !isPagePath(url.pathname) || authPages.includes(url.pathname.replace(/\/+$/, ""))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, told where the visitor was going (when that is a safe return address). */
export function loginHref(returnTo?: string): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `${paths.login}?${new URLSearchParams({ returnTo: safe }).toString()}` : paths.login;
}
