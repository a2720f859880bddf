// Markdown to HTML for the content files, on the server, once per file at start. markdown-it with
// `html: false` never passes raw HTML through: a tag in the text comes out as text (&lt;script&gt;),
// and its link check refuses javascript:, vbscript:, file: and (but for images) data: addresses,
// entities and odd case included. What reaches the page is only the elements Markdown itself makes.
import MarkdownIt from "markdown-it";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Every link gets rel="noopener" (and noreferrer, opening in a new tab, when it leaves the site).
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet("href") ?? "");
  const external = /^https?:\/\//i.test(href);
  token.attrSet("rel", external ? "noopener noreferrer" : "noopener");
  if (external) token.attrSet("target", "_blank");
  return self.renderToken(tokens, idx, options);
};

// Pictures inside a post load when scrolled to, never before the text.
const image = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet("loading", "lazy");
  tokens[idx]!.attrSet("decoding", "async");
  return image(tokens, idx, options, env, self);
};

export interface RenderedMarkdown {
  html: string;
  /** The words alone, for the search and the reading time. */
  text: string;
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const tokens = md.parse(source, {});
  const words: string[] = [];
  for (const token of tokens) {
    for (const child of token.children ?? []) if (child.type === "text" || child.type === "code_inline") words.push(child.content);
    if (token.type === "fence" || token.type === "code_block") words.push(token.content);
  }
  return { html: md.renderer.render(tokens, md.options, {}), text: words.join(" ").replace(/\s+/g, " ").trim() };
}

/** Minutes a reader takes, at about 200 words a minute; never less than one. */
export const readingMinutes = (text: string) => Math.max(1, Math.ceil(text.split(/\s+/).filter(Boolean).length / 200));
