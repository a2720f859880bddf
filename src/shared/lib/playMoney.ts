/**
 * Whether this is a demo with play money: production running the sandbox on-ramp on purpose
 * (ONRAMP_SANDBOX_IN_PRODUCTION). The server marks the HTML it sends (`<html data-play-money="demo">`),
 * so the app knows before its first render without asking. Nowhere else (development, tests,
 * prerendering in Node) is it set: the sandbox there is the expected default and no banner is shown.
 */
export function isPlayMoneyDemo(): boolean {
  return typeof document !== "undefined" && document.documentElement.dataset.playMoney === "demo";
}
