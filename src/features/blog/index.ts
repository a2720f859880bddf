// What other features use of the blog: the partner pages are drawn like posts, with the same
// content machine, article body and states.
import "./blog.css";

export { ArticleBody } from "./components/ArticleBody.tsx";
export { ContentArticle } from "./components/ContentArticle.tsx";
export { ContentProblem } from "./components/ContentProblem.tsx";
export { NotFoundView } from "./components/NotFoundView.tsx";
export { useContentPage } from "./hooks/useContentPage.ts";
export { partnerHref } from "./lib/addresses.ts";
