import { paths } from "../../../contract/pages.ts";

/** Every route of the app, as data (contract/pages.ts): views link through these, never through string literals. */
export { paths, type PathName } from "../../../contract/pages.ts";

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
