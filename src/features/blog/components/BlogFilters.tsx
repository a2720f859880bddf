import { useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BlogList } from "../../../../contract/blog.ts";
import type { BlogAddressFilters } from "../../../../contract/blogAddress.ts";
import { BLOG_SEARCH_MAX } from "../../../../contract/blogVocabulary.ts";
import { categoryNames } from "../lib/categories.ts";
import { blogHref } from "../lib/addresses.ts";

/**
 * The blog's filters, each a link to the filtered address (a reload, Back or a shared link shows
 * the same list): a chip per category, the popular tags, and a search. Choosing one starts again at page 1.
 */
export function BlogFilters({
  filters,
  categories,
  tags,
  onSearch,
}: {
  filters: BlogAddressFilters;
  categories: BlogList["categories"];
  tags: BlogList["tags"];
  onSearch: (q: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [text, setText] = useState(filters.q ?? "");
  const [shownFor, setShownFor] = useState(filters.q ?? "");
  // The box follows the address (Back to an earlier search) unless the visitor is typing a new one.
  if ((filters.q ?? "") !== shownFor) {
    setShownFor(filters.q ?? "");
    setText(filters.q ?? "");
  }
  const { category: _category, page: _page, ...keep } = filters;
  return (
    <div className="blog-filters">
      <form
        role="search"
        aria-label={t`Search the blog`}
        className="blog-search"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor="blog-search" className="visually-hidden">
          <Trans>Search posts</Trans>
        </label>
        <input
          id="blog-search"
          type="search"
          name="q"
          value={text}
          maxLength={BLOG_SEARCH_MAX}
          placeholder={t`Search posts`}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button-primary">
          <Trans>Search</Trans>
        </button>
      </form>
      <nav aria-label={t`Categories`}>
        <ul className="chips">
          <li>
            <Link className="chip" href={blogHref(keep)} aria-current={filters.category ? undefined : "page"}>
              <Trans>All posts</Trans>
            </Link>
          </li>
          {categories.map(({ category, count }) => (
            <li key={category}>
              <Link className="chip" href={blogHref({ ...keep, category })} aria-current={filters.category === category ? "page" : undefined}>
                {i18n._(categoryNames[category])} <span className="chip-count">{count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tags.length > 0 && (
        <nav aria-label={t`Tags`} className="blog-tags">
          <ul className="chips chips-small">
            {tags.slice(0, 12).map(({ tag }) => {
              const on = filters.tag === tag;
              const { tag: _tag, page: _p, ...rest } = filters;
              return (
                <li key={tag}>
                  <Link
                    className="chip chip-tag"
                    href={blogHref(on ? rest : { ...rest, tag })}
                    aria-current={on ? "page" : undefined}
                    aria-label={on ? t`Tag ${tag}, chosen: show every tag` : t`Tag ${tag}`}
                  >
                    #{tag}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      )}
    </div>
  );
}
