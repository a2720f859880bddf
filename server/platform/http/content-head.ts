// A post's or partner's own head, in place of its route's (issue 28): the built page of `/blog/:slug`
// carries the blog's generic title, description and Open Graph card, and no address of its own (a
// route with a parameter has none at build time). A link to a post shared in a chat, or a search
// engine's result, should show the post: its title, its summary, its date and its language versions.
import type { BlogPost, Partner } from "../../../contract/blog.ts";
import { LANG_PARAM } from "../../../contract/pages.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** One `<meta>` (by name or property) set to `content`: replaced where the page has it, else added at the head's end. */
function setMeta(html: string, attribute: "name" | "property", key: string, content: string): string {
  const tag = `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  const existing = new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, "\\$&")}" content="[^"]*">`);
  return existing.test(html) ? html.replace(existing, () => tag) : html.replace("</head>", () => `  ${tag}\n  </head>`);
}

const addTags = (html: string, tags: string[]) => (tags.length === 0 ? html : html.replace("</head>", () => `  ${tags.join("\n    ")}\n  </head>`));

type Page = { route: "blogPost"; data: BlogPost } | { route: "partnerPage"; data: Partner };

/**
 * The head of a drawn post or partner page, on the site's `origin`: its own title ("<post> | Sarraf"
 * as the app sets it), description, Open Graph card (an article with its date, section and tags for
 * a post), canonical address (the page's own language; a page shown in another language than asked
 * names the one it is in) and the language alternates it really has. The card's image stays the
 * site's: covers are inline SVG, which link previews do not show.
 */
export function withOwnHead(html: string, page: Page, origin: string): string {
  const { data } = page;
  const name = page.route === "blogPost" ? page.data.title : page.data.name;
  const base = page.route === "blogPost" ? "/blog" : "/partners";
  const addressOf = (language: string | null, slug: string) => `${origin}${base}/${encodeURIComponent(slug)}${language ? `?${LANG_PARAM}=${language}` : ""}`;
  const own = addressOf(data.language, data.slug);

  let out = html.replace(/<title>([^<]*)<\/title>/, (_, built: string) => `<title>${escapeHtml(name)} | ${built.split(" | ").pop()}</title>`);
  out = setMeta(out, "name", "description", data.summary);
  out = setMeta(out, "property", "og:title", name);
  out = setMeta(out, "property", "og:description", data.summary);
  out = setMeta(out, "property", "og:url", own);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(own)}">`,
    ...[{ language: data.language, slug: data.slug }, ...data.translations].map(
      (version) => `<link rel="alternate" hreflang="${version.language}" href="${escapeHtml(addressOf(version.language, version.slug))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressOf(null, data.slug))}">`,
  ];
  if (page.route === "blogPost") {
    out = setMeta(out, "property", "og:type", "article");
    tags.push(
      `<meta property="article:published_time" content="${escapeHtml(page.data.date)}">`,
      `<meta property="article:section" content="${escapeHtml(page.data.category)}">`,
      ...page.data.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}">`),
    );
  }
  return addTags(out, tags);
}
