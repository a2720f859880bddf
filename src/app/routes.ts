import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { paths } from "../shared/lib/paths.ts";

/** The four layouts of spec section 2. */
export type LayoutKind = "auth" | "dashboard" | "partner" | "public";

export interface RouteEntry {
  path: string;
  layout: LayoutKind;
  title: MessageDescriptor;
  page: LazyExoticComponent<ComponentType>;
}

// Each page is its own chunk, so the home route loads only what it shows.
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

/** The statecharts viewer: always in development; in production only when the build enables it. */
export const statechartsViewerEnabled = import.meta.env.DEV || import.meta.env.VITE_STATECHARTS_VIEWER === "true";

const toolRoutes: RouteEntry[] = statechartsViewerEnabled
  ? [{ path: paths.statecharts, layout: "public", title: msg`Statecharts`, page: page(() => import("../features/statecharts/pages/StatechartsPage.tsx")) }]
  : [];

export const routes: readonly RouteEntry[] = [
  { path: paths.home, layout: "public", title: msg`Buy, sell and exchange crypto`, page: page(() => import("../features/public/pages/HomePage.tsx")) },
  { path: paths.blog, layout: "public", title: msg`Blog`, page: page(() => import("../features/public/pages/BlogPage.tsx")) },
  { path: paths.contact, layout: "public", title: msg`Contact us`, page: page(() => import("../features/public/pages/ContactPage.tsx")) },
  { path: paths.terms, layout: "public", title: msg`Terms of Service`, page: page(() => import("../features/public/pages/TermsPage.tsx")) },
  { path: paths.privacy, layout: "public", title: msg`Privacy Policy`, page: page(() => import("../features/public/pages/PrivacyPage.tsx")) },
  { path: paths.riskDisclosure, layout: "public", title: msg`Risk Disclosure`, page: page(() => import("../features/public/pages/RiskPage.tsx")) },
  { path: paths.login, layout: "auth", title: msg`Log in`, page: page(() => import("../features/auth/pages/LoginPage.tsx")) },
  { path: paths.signup, layout: "auth", title: msg`Sign up`, page: page(() => import("../features/auth/pages/SignupPage.tsx")) },
  { path: paths.verifyEmail, layout: "auth", title: msg`Verify your e-mail`, page: page(() => import("../features/auth/pages/VerifyEmailPage.tsx")) },
  { path: paths.forgotPassword, layout: "auth", title: msg`Forgot password`, page: page(() => import("../features/auth/pages/ForgotPasswordPage.tsx")) },
  { path: paths.resetPassword, layout: "auth", title: msg`Reset password`, page: page(() => import("../features/auth/pages/ResetPasswordPage.tsx")) },
  { path: paths.dashboard, layout: "dashboard", title: msg`Dashboard`, page: page(() => import("../features/dashboard/pages/DashboardPage.tsx")) },
  { path: paths.market, layout: "dashboard", title: msg`Market`, page: page(() => import("../features/market/pages/MarketPage.tsx")) },
  { path: paths.exchange, layout: "dashboard", title: msg`Exchange`, page: page(() => import("../features/exchange/pages/ExchangePage.tsx")) },
  { path: paths.portfolio, layout: "dashboard", title: msg`Portfolio`, page: page(() => import("../features/portfolio/pages/PortfolioPage.tsx")) },
  { path: paths.profile, layout: "dashboard", title: msg`Profile`, page: page(() => import("../features/account/pages/ProfilePage.tsx")) },
  { path: paths.kyc, layout: "dashboard", title: msg`Identity verification`, page: page(() => import("../features/kyc/pages/KycPage.tsx")) },
  { path: paths.withdrawals, layout: "dashboard", title: msg`Withdrawals`, page: page(() => import("../features/withdrawals/pages/WithdrawalsPage.tsx")) },
  { path: paths.partners, layout: "partner", title: msg`Partners`, page: page(() => import("../features/public/pages/PartnersPage.tsx")) },
  { path: paths.partner, layout: "partner", title: msg`Partner`, page: page(() => import("../features/public/pages/PartnerPage.tsx")) },
  ...toolRoutes,
];

export const notFoundRoute: RouteEntry = {
  path: "*",
  layout: "public",
  title: msg`Page not found`,
  page: page(() => import("../features/public/pages/NotFoundPage.tsx")),
};
