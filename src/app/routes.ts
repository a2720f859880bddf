import { createElement, lazy, useState, type ComponentType } from "react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { pathMatches, paths } from "../shared/lib/paths.ts";
import { homePromises } from "../features/public/lib/promises.ts";
import { loadPageCatalog } from "../shared/i18n/catalogs.ts";

/** The four layouts of spec section 2. */
export type LayoutKind = "auth" | "dashboard" | "partner" | "public";

export interface RouteEntry {
  path: string;
  layout: LayoutKind;
  title: MessageDescriptor;
  /** What the page offers, in a sentence: its meta and Open Graph description (the site's own when absent). */
  description?: MessageDescriptor;
  /** The page's module, from the project root: the build finds its chunk (and CSS) by it, to announce them in the HTML. */
  module: string;
  page: ComponentType;
  /** Loads the page's chunk ahead of time (a link hovered or focused, or before the first render). */
  preload: () => Promise<void>;
  /** Built into HTML at build time, in every language: its first render depends on nothing but the language. */
  prerender?: true;
  /**
   * Drawn by the server for each request, with the answer to its first call (a post, the blog's
   * filtered page): its content depends on the address and the database (server/platform/http/content-render.ts).
   */
  rendered?: "server";
}

type PageModule = { default: ComponentType };
// Each page is its own chunk, so a route loads only what it shows. The viewer's page is not in
// this set: it is built only where the viewer is enabled.
const pageModules = import.meta.glob<PageModule>(["../features/*/pages/*Page.tsx", "!../features/statecharts/**"]);

/**
 * A page loaded on demand, with its own messages (src/shared/i18n/catalogs.ts). Once its chunk is in (preloaded, or rendered before), a new mount
 * renders it at once, without suspending: no fallback flashes on a route change the pointer
 * announced, and the first render after a preload can hydrate the prerendered HTML directly.
 */
function lazyPage(file: string, load: () => Promise<PageModule> = pageModules[`../features/${file}`]!): Pick<RouteEntry, "module" | "page" | "preload"> {
  let loaded: ComponentType | null = null;
  const loadAndKeep = () =>
    Promise.all([load(), loadPageCatalog(file)]).then(([module]) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep);
  function Page() {
    // Chosen once per mount: switching between the two would remount the page.
    const [Loaded] = useState(() => loaded);
    return createElement(Loaded ?? Lazy);
  }
  return { module: `src/features/${file}`, page: Page, preload: () => loadAndKeep().then(() => undefined) };
}

/** The statecharts viewer: always in development; in production only when the build enables it. */
export const statechartsViewerEnabled = import.meta.env.DEV || import.meta.env.VITE_STATECHARTS_VIEWER === "true";

const toolRoutes: RouteEntry[] = statechartsViewerEnabled
  ? [
      {
        path: paths.statecharts,
        layout: "public",
        title: msg`Statecharts`,
        ...lazyPage("statecharts/pages/StatechartsPage.tsx", () => import("../features/statecharts/pages/StatechartsPage.tsx")),
      },
    ]
  : [];

export const routes: readonly RouteEntry[] = [
  {
    path: paths.home,
    layout: "public",
    title: homePromises().title,
    description: homePromises().description,
    ...lazyPage("public/pages/HomePage.tsx"),
    prerender: true,
  },
  {
    path: paths.blog,
    layout: "public",
    title: msg`Blog`,
    description: msg`Guides, market notes and product news from Sarraf, in English and Arabic.`,
    ...lazyPage("blog/pages/BlogPage.tsx"),
    rendered: "server",
  },
  { path: paths.blogPost, layout: "public", title: msg`Blog`, ...lazyPage("blog/pages/PostPage.tsx"), rendered: "server" },
  {
    path: paths.contact,
    layout: "public",
    title: msg`Contact us`,
    description: msg`Write to the Sarraf team: questions about your account, buying crypto, or working with us.`,
    ...lazyPage("public/pages/ContactPage.tsx"),
    prerender: true,
  },
  { path: paths.newsletterConfirm, layout: "public", title: msg`Newsletter subscription`, ...lazyPage("public/pages/NewsletterConfirmPage.tsx") },
  { path: paths.newsletterUnsubscribe, layout: "public", title: msg`Unsubscribe`, ...lazyPage("public/pages/NewsletterUnsubscribePage.tsx") },
  {
    path: paths.terms,
    layout: "public",
    title: msg`Terms of Service`,
    description: msg`The terms that apply when you use Sarraf to buy, sell and hold crypto.`,
    ...lazyPage("public/pages/TermsPage.tsx"),
  },
  {
    path: paths.privacy,
    layout: "public",
    title: msg`Privacy Policy`,
    description: msg`What Sarraf keeps about you, why, for how long, and your rights over it.`,
    ...lazyPage("public/pages/PrivacyPage.tsx"),
  },
  {
    path: paths.riskDisclosure,
    layout: "public",
    title: msg`Risk Disclosure`,
    description: msg`The risks of crypto assets: prices move fast and you can lose what you put in.`,
    ...lazyPage("public/pages/RiskPage.tsx"),
  },
  {
    path: paths.login,
    layout: "auth",
    title: msg`Log in`,
    description: msg`Log in to Sarraf with your password, an e-mailed code, or Google, Apple or Facebook.`,
    ...lazyPage("auth/pages/LoginPage.tsx"),
    prerender: true,
  },
  {
    path: paths.signup,
    layout: "auth",
    title: msg`Sign up`,
    description: msg`Open a free Sarraf account in a minute and buy your first crypto by card.`,
    ...lazyPage("auth/pages/SignupPage.tsx"),
    prerender: true,
  },
  { path: paths.verifyEmail, layout: "auth", title: msg`Verify your e-mail`, ...lazyPage("auth/pages/VerifyEmailPage.tsx") },
  { path: paths.forgotPassword, layout: "auth", title: msg`Forgot password`, ...lazyPage("auth/pages/ForgotPasswordPage.tsx"), prerender: true },
  { path: paths.resetPassword, layout: "auth", title: msg`Reset password`, ...lazyPage("auth/pages/ResetPasswordPage.tsx") },
  { path: paths.dashboard, layout: "dashboard", title: msg`Dashboard`, ...lazyPage("dashboard/pages/DashboardPage.tsx") },
  { path: paths.market, layout: "dashboard", title: msg`Market`, ...lazyPage("market/pages/MarketPage.tsx") },
  { path: paths.marketAsset, layout: "dashboard", title: msg`Market`, ...lazyPage("market/pages/AssetPage.tsx") },
  { path: paths.exchange, layout: "dashboard", title: msg`Exchange`, ...lazyPage("exchange/pages/ExchangePage.tsx") },
  { path: paths.portfolio, layout: "dashboard", title: msg`Portfolio`, ...lazyPage("portfolio/pages/PortfolioPage.tsx") },
  { path: paths.buy, layout: "dashboard", title: msg`Buy crypto`, ...lazyPage("onramp/pages/BuyPage.tsx") },
  { path: paths.history, layout: "dashboard", title: msg`Transaction history`, ...lazyPage("portfolio/pages/HistoryPage.tsx") },
  { path: paths.report, layout: "dashboard", title: msg`Buy/sell report`, ...lazyPage("portfolio/pages/ReportPage.tsx") },
  { path: paths.profile, layout: "dashboard", title: msg`Profile`, ...lazyPage("account/pages/ProfilePage.tsx") },
  { path: paths.kyc, layout: "dashboard", title: msg`Identity verification`, ...lazyPage("kyc/pages/KycPage.tsx") },
  { path: paths.withdrawals, layout: "dashboard", title: msg`Withdrawals`, ...lazyPage("withdrawals/pages/WithdrawalsPage.tsx") },
  {
    path: paths.partners,
    layout: "partner",
    title: msg`Partners`,
    description: msg`The companies Sarraf works with to bring you crypto simply and safely.`,
    ...lazyPage("partners/pages/PartnersPage.tsx"),
    rendered: "server",
  },
  { path: paths.partner, layout: "partner", title: msg`Partner`, ...lazyPage("partners/pages/PartnerPage.tsx"), rendered: "server" },
  ...toolRoutes,
];

/** The description of a page without one of its own: what the site offers. */
export const siteDescription = homePromises().description;

export const notFoundRoute: RouteEntry = {
  path: "*",
  layout: "public",
  title: msg`Page not found`,
  ...lazyPage("public/pages/NotFoundPage.tsx"),
};

/** The route a page address shows (the not-found route for any other), by the same rule the server uses. */
export function routeFor(pathname: string): RouteEntry {
  return routes.find((route) => pathMatches(route.path, pathname)) ?? notFoundRoute;
}
