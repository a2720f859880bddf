import "../portfolio.css";
import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { buyHref } from "../../../shared/lib/paths.ts";

/** A new user holds nothing yet: say so, and open the Buy page. */
export function NoCrypto({ currency }: { currency: string }) {
  return (
    <div className="portfolio-empty" role="status">
      <p className="portfolio-empty-title">
        <Trans>You have no crypto yet</Trans>
      </p>
      <p>
        <Trans>Buy your first asset with a card; it shows here as soon as the order completes.</Trans>
      </p>
      <Link className="button button-primary" href={buyHref("BTC", currency)}>
        <Trans>Buy crypto</Trans>
      </Link>
    </div>
  );
}

/** The balances could not be loaded at all: say so, and offer to try again. */
export function BalancesFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="portfolio-failed" role="alert">
      <p>
        <Trans>Your balances could not be loaded. Check your connection and try again.</Trans>
      </p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
