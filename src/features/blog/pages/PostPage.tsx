import "../blog.css";
import { Link, useParams } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { BlogPost } from "../../../../contract/blog.ts";
import { useActiveLocale } from "../../../shared/actors/hooks.ts";
import { formatDay } from "../../../shared/i18n/dates.ts";
import { ArticleBody } from "../components/ArticleBody.tsx";
import { ContentArticle } from "../components/ContentArticle.tsx";
import { useContentPage } from "../hooks/useContentPage.ts";
import { blogHref, listToReturnTo } from "../lib/addresses.ts";
import { categoryNames } from "../lib/categories.ts";

export default function PostPage() {
  const { i18n, t } = useLingui();
  const { slug = "" } = useParams<{ slug: string }>();
  const language = useActiveLocale();
  const content = useContentPage<BlogPost>({ kind: "post", slug, language });
  return (
    <ContentArticle content={content} titleOf={(post) => post.title} back={{ href: listToReturnTo(), label: <Trans>Back to the blog</Trans> }}>
      {(post) => (
        <>
          <header className="article-header" lang={post.language} dir={post.language === "ar" ? "rtl" : "ltr"}>
            <p className="post-meta">
              <Link className="chip" href={blogHref({ category: post.category })}>
                {i18n._(categoryNames[post.category])}
              </Link>
              <time dateTime={post.date}>{formatDay(post.date, i18n.locale)}</time>
              <span aria-hidden="true">·</span>
              <span>
                <Trans>{post.readingMinutes} min read</Trans>
              </span>
            </p>
            <h1>{post.title}</h1>
            <p className="lead">{post.summary}</p>
          </header>
          {post.language !== language && (
            <p className="article-note" role="note">
              {language === "ar" ? (
                <Trans>This post is not available in Arabic yet; here it is in English.</Trans>
              ) : (
                <Trans>This post is not available in English yet; here it is in Arabic.</Trans>
              )}
            </p>
          )}
          <img className="article-cover" src={post.cover.url} alt={post.cover.alt} width={1200} height={630} fetchPriority="high" />
          <ArticleBody html={post.html} language={post.language} />
          {post.tags.length > 0 && (
            <footer className="article-footer">
              <h2 className="visually-hidden">
                <Trans>Tags</Trans>
              </h2>
              <ul className="chips chips-small">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Link className="chip chip-tag" href={blogHref({ tag })} aria-label={t`Posts tagged ${tag}`}>
                      #{tag}
                    </Link>
                  </li>
                ))}
              </ul>
            </footer>
          )}
        </>
      )}
    </ContentArticle>
  );
}
