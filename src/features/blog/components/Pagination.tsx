import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";

/** Links to the list's other pages: previous, each page, next. A link, so a reload or Back keeps the page. */
export function Pagination({ page, totalPages, hrefOf }: { page: number; totalPages: number; hrefOf: (page: number) => string }) {
  const { t } = useLingui();
  if (totalPages <= 1) return null;
  const pages = Array.from({ length: totalPages }, (_, index) => index + 1);
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      {page > 1 ? (
        <Link className="button" href={hrefOf(page - 1)} rel="prev">
          <Trans>Newer posts</Trans>
        </Link>
      ) : (
        <span />
      )}
      <ol className="pagination-pages">
        {pages.map((number) => (
          <li key={number}>
            <Link className="pagination-page" href={hrefOf(number)} aria-current={number === page ? "page" : undefined} aria-label={t`Page ${number}`}>
              <bdi dir="ltr">{number}</bdi>
            </Link>
          </li>
        ))}
      </ol>
      {page < totalPages ? (
        <Link className="button" href={hrefOf(page + 1)} rel="next">
          <Trans>Older posts</Trans>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
