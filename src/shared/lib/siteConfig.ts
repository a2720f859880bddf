// The server's public settings for this site (issue 28), in the page's HTML as
// <meta name="sarraf-site" content="{json}"> (server/platform/http/page-html.ts): the live-chat
// widget of each language and where page views go. No request: they come with the page. Absent
// (every setting at its default, the development server, prerendering): no chat, first-party views.
import { SITE_CONFIG_META } from "../../../contract/pages.ts";
import { parseSiteFacts, sameFacts, SITE_FACT_DEFAULTS, TAWK_KEY_PATTERN, type SiteSettings } from "../../../contract/siteFacts.ts";

export type SiteConfig = SiteSettings;
const DEFAULTS: SiteConfig = { chat: {}, analytics: "first-party", facts: SITE_FACT_DEFAULTS };

/** Reads a settings element's content, keeping only well-formed values. */
export function parseSiteConfig(content: string | null | undefined): SiteConfig {
  if (!content) return DEFAULTS;
  try {
    const raw = JSON.parse(content) as { chat?: Record<string, unknown>; analytics?: unknown; facts?: unknown };
    const chat: SiteConfig["chat"] = {};
    for (const locale of ["en", "ar"] as const) {
      const key = raw.chat?.[locale];
      if (typeof key === "string" && TAWK_KEY_PATTERN.test(key)) chat[locale] = key;
    }
    return { chat, analytics: raw.analytics === "firebase" ? "firebase" : "first-party", facts: parseSiteFacts(raw.facts) ?? SITE_FACT_DEFAULTS };
  } catch {
    return DEFAULTS;
  }
}

/** This page's settings. */
export function siteConfig(): SiteConfig {
  if (typeof document === "undefined") return DEFAULTS;
  return parseSiteConfig(document.head.querySelector<HTMLMetaElement>(`meta[name="${SITE_CONFIG_META}"]`)?.content);
}

/** Whether the page states what the build's HTML states: the server's facts are the defaults. */
export const siteFactsAreDefaults = () => sameFacts(siteConfig().facts, SITE_FACT_DEFAULTS);
