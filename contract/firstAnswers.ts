// A signed-in page's first calls, answered in its HTML: the server makes them in-process for the
// session the page's cookie names, and the SPA takes each answer once instead of asking the API
// again, a round trip (half a second on a slow phone's link) after its code has arrived.
import type { RouteName } from "./routes.ts";
import { paths, pathMatches } from "./pages.ts";
import { DEFAULT_QUOTE, QUOTE_CURRENCIES, type QuoteCurrency } from "./quotes.ts";

/** The element of a page's HTML that holds them: `<script type="application/json">` (data, never run). */
export const FIRST_ANSWERS_ELEMENT_ID = "first-answers";

/**
 * The cookie that carries the sign-in's token to the server's HTML, and only there: the API reads
 * the Authorization header alone, so the cookie cannot make a call for a page of another site
 * (and SameSite=Strict keeps other sites' requests from carrying it at all).
 */
export const pageSessionCookie = "pageSession";
/** The quote currency the user chose, mirrored for the server (the first calls ask prices in it). */
export const quoteCookie = "quote";

export interface FirstCall {
  route: RouteName;
  body: Record<string, unknown>;
}

/** What the HTML carries: each call's route, its body as the SPA sends it (JSON), and the answer's envelope. */
export interface FirstAnswer {
  route: RouteName;
  body: string;
  envelope: { status: "success"; message: string; data: unknown };
}

/** The quote currency a cookie names, or the default for anything else. */
export const quoteOf = (value: string | undefined): QuoteCurrency => QUOTE_CURRENCIES.find((code) => code === value) ?? DEFAULT_QUOTE;

/**
 * The calls a signed-in page makes as soon as it starts, in the very bodies it sends them with
 * (src/features/*: the session's profile, the currency list, the page's own data). Empty for
 * any other page.
 */
export function firstCallsOf(pathname: string, currency: QuoteCurrency): FirstCall[] {
  const page = (pattern: string) => pathMatches(pattern, pathname);
  const own: FirstCall[] = page(paths.dashboard)
    ? [
        { route: "balances", body: { currency } },
        { route: "dashboardMarketInfo", body: { currency } },
      ]
    : page(paths.market)
      ? [{ route: "marketTickers", body: { currency } }]
      : page(paths.portfolio)
        ? [{ route: "balances", body: { currency } }]
        : [];
  if (own.length === 0) return [];
  return [{ route: "getProfile", body: {} }, { route: "currencyList", body: {} }, ...own];
}
