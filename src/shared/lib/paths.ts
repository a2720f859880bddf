/** Every route of the app, as data: views link through these, never through string literals. */
export const paths = {
  home: "/",
  login: "/login",
  signup: "/signup",
  verifyEmail: "/verify-email",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password",
  dashboard: "/dashboard",
  market: "/market",
  exchange: "/exchange",
  portfolio: "/portfolio",
  profile: "/profile",
  kyc: "/kyc",
  withdrawals: "/withdrawals",
  blog: "/blog",
  contact: "/contact",
  partners: "/partners",
  partner: "/partners/:partner",
  statecharts: "/statecharts",
} as const;

export type PathName = keyof typeof paths;

/** The sidebar opens the exchange on the spec's default pair. */
export function exchangeHref(curr = "USD", symbol = "BTC"): string {
  return `${paths.exchange}?${new URLSearchParams({ curr, symbol }).toString()}`;
}

/** The router as machines' effects use it: go somewhere, and say where the app is now. */
export interface Navigation {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** The current path, so a redirect to the page already open adds no history entry. */
  path(): string;
}
