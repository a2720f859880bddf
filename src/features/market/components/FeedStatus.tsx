import "../market.css";
import { Plural, Trans } from "@lingui/react/macro";
import type { FeedStatus as Status } from "../hooks.ts";

/**
 * How fresh the prices on screen are: live with their age, stale (the source stopped), offline or
 * reconnecting. The state is announced when it changes; the ticking age is not.
 */
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
        {status === "loading" && <Trans>Loading prices…</Trans>}
        {status === "live" && <Trans>Live</Trans>}
        {status === "stale" && <Trans>Prices are out of date</Trans>}
        {status === "retrying" && <Trans>Reconnecting…</Trans>}
        {status === "offline" && <Trans>You are offline. Prices will update when you are back online.</Trans>}
        {status === "failed" && <Trans>Prices could not be loaded.</Trans>}
      </span>
      {age && status !== "loading" && <span className="feed-age">{age}</span>}
      {onRetry && (status === "failed" || status === "retrying") && (
        <button type="button" className="link-button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
