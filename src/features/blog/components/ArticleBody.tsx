/**
 * A post's or partner's text as the server rendered it from Markdown: markdown-it with raw HTML
 * off, so no tag, attribute or script address from the file reaches the page (server/modules/blog/markdown.ts).
 */
export function ArticleBody({ html, language }: { html: string; language: "en" | "ar" }) {
  return <div className="article-body" lang={language} dir={language === "ar" ? "rtl" : "ltr"} dangerouslySetInnerHTML={{ __html: html }} />;
}
