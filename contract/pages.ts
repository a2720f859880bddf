// Every page address of the SPA, as data: the SPA routes and links through these, the server
// builds e-mail links with them and answers 404 for any other address (the SPA still renders
// its not-found page).
export const paths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  verifyEmail: "/verify-email",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  dashboard: "/dashboard",
  market: "/market",
  marketAsset: "/market/:symbol",
  exchange: "/exchange",
  portfolio: "/portfolio",
  report: "/portfolio/report",
  buy: "/buy",
  history: "/history",
  profile: "/profile",
  kyc: "/kyc",
  withdrawals: "/withdrawals",
  blog: "/blog",
  blogPost: "/blog/:slug",
  contact: "/contact",
  newsletterConfirm: "/newsletter/confirm",
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  partners: "/partners",
  partner: "/partners/:partner",
  terms: "/terms",
  privacy: "/privacy",
  riskDisclosure: "/risk-disclosure",
  statecharts: "/statecharts",
} as const;

export type PathName = keyof typeof paths;

/**
 * A page's address in one language: `?lang=ar` (or en) chooses the language of the HTML and the
 * app, above the stored choice, so each language of a public page has an address of its own for
 * search engines' hreflang alternates (issue 28). Without it the cookie, then Accept-Language decide.
 */
export const LANG_PARAM = "lang";

/**
 * Where the build writes the site's origin in a page's head (Open Graph, hreflang, canonical): the
 * server puts its own (PUBLIC_URL, else the request's) in its place as it sends the page.
 */
export const PAGE_ORIGIN_PLACEHOLDER = "https://origin.sarraf.invalid";

/** The <meta name> whose content is the server's public settings for the SPA (chat keys, analytics). */
export const SITE_CONFIG_META = "sarraf-site";

/** The cookie that mirrors the chosen language, so the server sends a page's HTML already in it. */
export const localeCookie = "lang";

/**
 * A hint, not a credential: set while this browser holds a sign-in, so the server sends a signed-in
 * page's layout shell only to those who will see that layout (others are sent to /login).
 */
export const signedInHintCookie = "signedIn";

/**
 * Around a signed-in page's shell in its built HTML (tools/build/pages.ts): the server puts its
 * own render of the page, with the user's data, between them.
 */
export const SHELL_MARKERS = { start: "<!--shell-->", end: "<!--/shell-->" } as const;

/** Whether an address (without query) is one of the pages: `:name` matches one non-empty segment; a trailing slash is ignored. */
export function isPagePath(pathname: string): boolean {
  return Object.values(paths).some((pattern) => pathMatches(pattern, pathname));
}

/** Whether an address (without query) is the page of one pattern, by the rule of isPagePath. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, "").split("/");
  const want = pattern.replace(/\/+$/, "").split("/");
  return want.length === parts.length && want.every((segment, i) => (segment.startsWith(":") ? parts[i] !== "" : segment === parts[i]));
}
