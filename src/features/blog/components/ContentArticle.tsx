import type { ReactNode } from "react";
import { Link } from "wouter";
import type { useContentPage } from "../hooks/useContentPage.ts";
import { usePageTitle } from "../hooks/usePageTitle.ts";
import { ContentProblem } from "./ContentProblem.tsx";
import { NotFoundView } from "./NotFoundView.tsx";

/**
 * A content page's frame, for posts and partners alike: its title, the not-found page, the way
 * back, the failure with a retry, a placeholder while it loads, then the article itself.
 */
export function ContentArticle<T>({
  content,
  titleOf,
  back,
  className = "article",
  children,
}: {
  content: ReturnType<typeof useContentPage<T>>;
  titleOf: (data: T) => string;
  back: { href: string; label: ReactNode };
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const data = content.data;
  usePageTitle(content.has("notFound") || !data ? null : titleOf(data));

  if (content.has("notFound")) return <NotFoundView />;
  const backLink = (
    <p className="article-back">
      <Link href={back.href}>
        <span className="flip-rtl" aria-hidden="true">
          ←
        </span>{" "}
        {back.label}
      </Link>
    </p>
  );
  if (content.has("failed"))
    return (
      <>
        {backLink}
        <ContentProblem failure={content.failure} onRetry={content.retry} />
      </>
    );
  if (!data)
    return (
      <>
        {backLink}
        <div className="article-placeholder" aria-hidden="true" />
      </>
    );
  return (
    <article className={className} aria-busy={content.has("loading")}>
      {backLink}
      {children(data)}
    </article>
  );
}
