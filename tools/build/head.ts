import { LANG_PARAM, PAGE_ORIGIN_PLACEHOLDER } from "../../contract/pages.ts";
import { locales, type Locale } from "../../contract/vocabulary.ts";
import type { RouteFacts } from "../../src/app/prerender.tsx";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** Open Graph's locale names (language_TERRITORY), as Facebook lists them. */
const OG_LOCALES: Record<Locale, string> = { en: "en_US", ar: "ar_AR" };

/** The image a link to any page shows (public/og-image.png, 1200×630). */
export const OG_IMAGE = "/og-image.png";

/** A page's address in one language (`?lang=`, contract/pages.ts), on the origin the server puts in. */
export const addressIn = (path: string, locale: Locale | null) => `${PAGE_ORIGIN_PLACEHOLDER}${path}${locale ? `?${LANG_PARAM}=${locale}` : ""}`;

/**
 * The head of one page in one language (issue 28): its description, its Open Graph card, and for
 * a public page with one address (no `:param`, not the not-found page) its canonical address and the
 * language alternates: each language's own address (`?lang=en`, `?lang=ar`) and x-default, the
 * bare address, where the server picks the language (cookie, else Accept-Language).
 */
export function headTags(route: Pick<RouteFacts, "path" | "titles" | "descriptions" | "siteNames" | "shell">, locale: Locale): string {
  // Signed-in pages are nobody's landing page from a search engine: no alternates for them.
  const addressed = route.path !== "*" && !route.path.includes(":") && !route.shell;
  const description = escapeHtml(route.descriptions[locale]);
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(route.siteNames[locale])}">`,
    `<meta property="og:title" content="${escapeHtml(route.titles[locale])}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:image" content="${PAGE_ORIGIN_PLACEHOLDER}${OG_IMAGE}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta property="og:locale" content="${OG_LOCALES[locale]}">`,
    ...locales.filter((other) => other !== locale).map((other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}">`),
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  if (addressed) {
    tags.push(
      `<meta property="og:url" content="${addressIn(route.path, locale)}">`,
      `<link rel="canonical" href="${addressIn(route.path, locale)}">`,
      ...locales.map((other) => `<link rel="alternate" hreflang="${other}" href="${addressIn(route.path, other)}">`),
      `<link rel="alternate" hreflang="x-default" href="${addressIn(route.path, null)}">`,
    );
  } else if (route.path === "*") {
    tags.push(`<meta name="robots" content="noindex">`);
  }
  return tags.join("\n    ");
}
