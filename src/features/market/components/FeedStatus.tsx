import "../market.css";
import { Plural, Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { FeedStatus as Status } from "../hooks.ts";

/**
 * How fresh the prices on screen are: live with their age, stale (the source stopped), offline or
 * reconnecting. The state is announced when it changes; the ticking age is not.
 */
const words: Record<Status, ReactNode> = {
  loading: <Trans>Loading prices…</Trans>,
  live: <Trans>Live</Trans>,
  stale: <Trans>Prices are out of date</Trans>,
  retrying: <Trans>Reconnecting…</Trans>,
  offline: <Trans>You are offline. Prices will update when you are back online.</Trans>,
  failed: <Trans>Prices could not be loaded.</Trans>,
};
const RETRYABLE = new Set<Status>(["failed", "retrying"]);

export function FeedStatus({ status, ageSeconds, onRetry }: { status: Status; ageSeconds: number | null; onRetry?: () => void }) {
  const minutes = Math.floor((ageSeconds ?? 0) / 60);
  const age =
    ageSeconds === null ? null : ageSeconds < 60 ? (
      <Plural value={ageSeconds} one="Updated # second ago" other="Updated # seconds ago" />
    ) : (
      <Plural value={minutes} one="Updated # minute ago" other="Updated # minutes ago" />
    );
  return (
    <div className={`feed-status feed-status-${status}`} data-feed-status={status}>
      <span className="feed-dot" aria-hidden="true" />
      <span role="status" className="feed-state">
        {words[status]}
      </span>
      {age && <span className="feed-age">{age}</span>}
      {onRetry && RETRYABLE.has(status) && (
        <button type="button" className="link-button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
