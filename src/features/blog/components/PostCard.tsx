import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BlogPostSummary } from "../../../../contract/blog.ts";
import { formatDay } from "../../../shared/i18n/dates.ts";
import { categoryNames } from "../lib/categories.ts";
import { postHref } from "../lib/addresses.ts";

/** One post in the list: its cover, category, date, title (the link) and summary. */
export function PostCard({ post, headingLevel = 2 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const { i18n } = useLingui();
  const Heading = `h${headingLevel}` as const;
  return (
    <li className="post-card" lang={post.language} dir={post.language === "ar" ? "rtl" : "ltr"}>
      <img
        className="post-card-cover"
        src={post.cover.url}
        alt=""
        width={1200}
        height={630}
        loading={post.cover.url.startsWith("data:") ? undefined : "lazy"}
      />
      <div className="post-card-body">
        <p className="post-meta">
          <span className="post-category">{i18n._(categoryNames[post.category])}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.date}>{formatDay(post.date, i18n.locale)}</time>
        </p>
        <Heading className="post-card-title">
          <Link href={postHref(post.slug)}>{post.title}</Link>
        </Heading>
        <p className="post-card-summary">{post.summary}</p>
        <p className="post-meta">
          <Trans>{post.readingMinutes} min read</Trans>
        </p>
      </div>
    </li>
  );
}
