import { Trans } from "@lingui/react/macro";
import { isPlayMoneyDemo } from "../lib/playMoney.ts";

/**
 * On every page of a demo with play money (see isPlayMoneyDemo): a thin strip above the layout,
 * announced once as a status, that says card payments are simulated and balances are not real.
 */
export function PlayMoneyBanner() {
  if (!isPlayMoneyDemo()) return null;
  return (
    <div className="play-money-banner" role="status">
      <Trans>Demo with play money: card payments are simulated, nothing is charged, and balances are not real.</Trans>
    </div>
  );
}
