import { Trans, useLingui } from "@lingui/react/macro";
import type { Failure } from "../../../../machines/failure.ts";
import { failureText } from "../../../shared/i18n/errors.ts";

/** A page's content could not be loaded: why, and a retry. */
export function ContentProblem({ failure, onRetry }: { failure: Failure | null; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="blog-problem" role="alert">
      <p>
        <Trans>This page could not be loaded.</Trans> {failure ? failureText(i18n, failure).text : null}
      </p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
