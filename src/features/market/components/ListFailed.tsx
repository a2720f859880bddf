import { Trans } from "@lingui/react/macro";

/** The asset list could not be loaded: say so, and offer to try again. */
export function ListFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="card" role="alert">
      <p>
        <Trans>The list of assets could not be loaded. Check your connection and try again.</Trans>
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
