import { useLingui } from "@lingui/react/macro";

/** What a page shows while its chunk loads: the layout stays, the content area shimmers. */
export function PageSkeleton() {
  const { t } = useLingui();
  return (
    <div className="page-skeleton" role="status" aria-label={t`Loading…`}>
      <div className="skeleton-line wide" />
      <div className="skeleton-line" />
      <div className="skeleton-line" />
    </div>
  );
}
