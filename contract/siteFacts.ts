import type { Locale } from "./vocabulary.ts";

// What the public pages state as fact about fees, limits and safeguards (issue 28): the server's
// own settings (server/env-schema.ts), sent in each page's HTML when they differ from these defaults
// (server/platform/http/page-html.ts), so the home page never states a number the server does not
// apply. The defaults equal the settings' defaults (a server test checks).

export interface SiteFacts {
  /** ONRAMP_FEE_BPS: Sarraf's fee on a card buy, in basis points of the crypto delivered. */
  cardFeeBps: number;
  /** ONRAMP_MIN_ORDER_USD / ONRAMP_MAX_ORDER_USD: one card buy's bounds, in US dollars. */
  cardMinUsd: number;
  cardMaxUsd: number;
  /** TRADE_SPREAD_BPS: the house's spread on each side of the mid price. */
  spreadBps: number;
  /** TRADE_FEE_BPS and TRADE_FEE_MIN_USD: the fee on a sell or convert and its minimum. */
  tradeFeeBps: number;
  tradeFeeMinUsd: string;
  /** TRADE_QUOTE_SECONDS: how long a quote holds its price. */
  quoteSeconds: number;
  /** KYC_CARD_BUY_THRESHOLD_USD: card buys above this need a verified identity. */
  kycCardThresholdUsd: number;
  /** WITHDRAW_COOLING_OFF_HOURS: a new withdrawal address waits this long. */
  withdrawCoolingOffHours: number;
}

export const SITE_FACT_DEFAULTS: SiteFacts = {
  cardFeeBps: 150,
  cardMinUsd: 10,
  cardMaxUsd: 5000,
  spreadBps: 25,
  tradeFeeBps: 10,
  tradeFeeMinUsd: "0.10",
  quoteSeconds: 15,
  kycCardThresholdUsd: 1000,
  withdrawCoolingOffHours: 24,
};

/** A well-formed set of facts from untrusted JSON (the page's settings), else null. */
export function parseSiteFacts(raw: unknown): SiteFacts | null {
  if (typeof raw !== "object" || raw === null) return null;
  const value = raw as Record<string, unknown>;
  const facts = {} as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(SITE_FACT_DEFAULTS)) {
    const given = value[key];
    if (
      typeof fallback === "number"
        ? !(typeof given === "number" && Number.isInteger(given) && given >= 0)
        : !(typeof given === "string" && /^\d{1,6}(\.\d{1,2})?$/.test(given))
    )
      return null;
    facts[key] = given;
  }
  return facts as unknown as SiteFacts;
}

export const sameFacts = (a: SiteFacts, b: SiteFacts) => (Object.keys(SITE_FACT_DEFAULTS) as (keyof SiteFacts)[]).every((key) => a[key] === b[key]);

/** A Tawk.to widget as its embed address names it: https://embed.tawk.to/<propertyId>/<widgetId>. */
export const TAWK_KEY_PATTERN = /^[a-z0-9]{8,40}\/[a-z0-9]{4,40}$/i;

/**
 * The server's public settings for the SPA (issue 28), sent in each page's HTML as
 * <meta name="sarraf-site"> (server/platform/http/page-html.ts, read by src/shared/lib/siteConfig.ts).
 */
export interface SiteSettings {
  /** Tawk.to's propertyId/widgetId per language; a language without one has no chat. */
  chat: Partial<Record<Locale, string>>;
  /** Where page views go. */
  analytics: "first-party" | "firebase";
  /** The fees, limits and safeguards the public pages state. */
  facts: SiteFacts;
}
