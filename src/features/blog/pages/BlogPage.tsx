import "../blog.css";
import { useEffect, useMemo } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { blogFiltersFromSearch } from "../../../../contract/blogAddress.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useActiveLocale } from "../../../shared/actors/hooks.ts";
import { failureText } from "../../../shared/i18n/errors.ts";
import { BlogFilters } from "../components/BlogFilters.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { PostCard } from "../components/PostCard.tsx";
import { useBlogList } from "../hooks/useBlogList.ts";
import { blogHref, rememberList } from "../lib/addresses.ts";
import { categoryNames } from "../lib/categories.ts";

export default function BlogPage() {
  const { i18n } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const language = useActiveLocale();
  const address = useMemo(() => blogFiltersFromSearch(search), [search]);
  const filters = useMemo(() => ({ language, ...address }), [language, address]);
  const blog = useBlogList(filters);
  const href = blogHref(address);
  useEffect(() => rememberList(href), [href]);

  const page = blog.page;
  const loading = blog.has("loading");
  const narrowedBy = address.category ? i18n._(categoryNames[address.category]) : null;

  return (
    <>
      <PageHeader title={<Trans>Blog</Trans>} lead={<Trans>Guides, fees in plain numbers, security and news from the Sarraf team.</Trans>} />
      <BlogFilters
        filters={address}
        categories={page?.categories ?? []}
        tags={page?.tags ?? []}
        onSearch={(q) => navigate(blogHref({ ...address, q, page: 1 }))}
      />
      <section className="blog-results" aria-busy={loading} aria-labelledby="blog-results-title">
        <h2 id="blog-results-title" className="blog-results-title" aria-live="polite" aria-atomic="true">
          {page && !blog.has("failed") && !blog.has("refused") ? (
            <Plural value={page.total} one="# post" other="# posts" />
          ) : loading ? (
            <Trans>Loading posts…</Trans>
          ) : null}
        </h2>
        {page && (address.q || narrowedBy || address.tag) && (
          <p className="blog-narrowed">
            {narrowedBy && <Trans>In {narrowedBy}</Trans>}{" "}
            {address.tag && (
              <Trans>
                Tagged <bdi>#{address.tag}</bdi>
              </Trans>
            )}{" "}
            {address.q && (
              <Trans>
                Matching “<bdi>{address.q}</bdi>”
              </Trans>
            )}
          </p>
        )}
        {blog.has("failed") && blog.failure && (
          <div className="blog-problem" role="alert">
            <p>
              <Trans>The posts could not be loaded.</Trans> {failureText(i18n, blog.failure).text}
            </p>
            <button type="button" className="button button-primary" onClick={blog.retry}>
              <Trans>Try again</Trans>
            </button>
          </div>
        )}
        {blog.has("refused") && blog.failure && (
          <div className="blog-problem" role="alert">
            <p>{failureText(i18n, blog.failure).text}</p>
            <Link className="button" href={blogHref()}>
              <Trans>Show every post</Trans>
            </Link>
          </div>
        )}
        {loading && !page && <div className="post-grid-placeholder" aria-hidden="true" />}
        {blog.has("empty") && (
          <p className="empty-state" role="status">
            <Trans>No posts in this language yet. Come back soon.</Trans>
          </p>
        )}
        {blog.has("noMatch") && (
          <div className="empty-state" role="status">
            <p>
              <Trans>No posts match these filters.</Trans>
            </p>
            <Link className="button" href={blogHref()}>
              <Trans>Clear filters</Trans>
            </Link>
          </div>
        )}
        {page && page.items.length > 0 && !blog.has("noMatch") && !blog.has("empty") && !blog.has("failed") && !blog.has("refused") && (
          <>
            <ul className={`post-grid ${loading ? "is-loading" : ""}`}>
              {page.items.map((post) => (
                <PostCard key={post.slug} post={post} />
              ))}
            </ul>
            <Pagination page={page.page} totalPages={page.totalPages} hrefOf={(number) => blogHref({ ...address, page: number })} />
          </>
        )}
      </section>
    </>
  );
}
