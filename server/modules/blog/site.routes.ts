// sitemap.xml and robots.txt. The language is not in a page's path (the server picks it from the
// `lang` cookie or Accept-Language), so a page's language versions are the same path with
// `?lang=en` or `?lang=ar`, which the server and the app honour before anything stored; the path
// without it is the x-default version (the visitor's own language).
import { Hono } from "hono";
import { paths } from "../../../contract/pages.ts";
import { locales } from "../../../contract/vocabulary.ts";
import type { Env } from "../../env.ts";
import { linkOrigin } from "../../platform/http/hosts.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { Blog } from "./service.ts";

/** The public pages every visitor may see and a search engine may list. */
export const PUBLIC_PAGES = [paths.home, paths.blog, paths.partners, paths.contact, paths.terms, paths.privacy, paths.riskDisclosure] as const;

/** Signed-in areas, pages reached from an e-mailed code or link, and machinery: never listed. */
export const PRIVATE_PREFIXES = [
  "/api/",
  "/dev/",
  "/oidc/",
  "/auth/",
  paths.dashboard,
  paths.market,
  paths.exchange,
  paths.portfolio,
  paths.buy,
  paths.history,
  paths.profile,
  paths.kyc,
  paths.withdrawals,
  paths.verifyEmail,
  paths.resetPassword,
  paths.statecharts,
] as const;

const xml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

interface Address {
  path: string;
  languages: readonly string[];
  lastmod?: string;
}

/** One <url> per language version, each naming every version and the x-default. */
export function sitemapXml(origin: string, addresses: readonly Address[]): string {
  const urls = addresses.flatMap(({ path, languages, lastmod }) => {
    const at = (language?: string) => xml(`${origin}${path}${language ? `?lang=${language}` : ""}`);
    const alternates = [
      ...languages.map((language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${at(language)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${at()}"/>`,
    ].join("\n");
    return languages.map(
      (language) => `  <url>\n    <loc>${at(language)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ""}${alternates}\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

export function siteRoutes({ env, blog }: { env: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "ALLOWED_HOSTS" | "TRUST_PROXY" | "HOST" | "DEV_TOOLS">; blog: Blog }) {
  const headers = (type: string) => ({ "Content-Type": type, "Cache-Control": "public, max-age=3600" });
  return new Hono<AppEnv>()
    .get("/robots.txt", (c) => c.body(robotsTxt(linkOrigin(env, c)), 200, headers("text/plain; charset=utf-8")))
    .get("/sitemap.xml", async (c) => {
      const content = new Map<string, Address & { languages: string[] }>();
      for (const row of await blog.addresses()) {
        const path = `${row.kind === "post" ? paths.blog : paths.partners}/${row.slug}`;
        const entry = content.get(path) ?? { path, languages: [], lastmod: row.updatedOn };
        entry.languages.push(row.language);
        if (row.updatedOn > (entry.lastmod ?? "")) entry.lastmod = row.updatedOn;
        content.set(path, entry);
      }
      const addresses = [...PUBLIC_PAGES.map((path) => ({ path, languages: locales })), ...content.values()];
      return c.body(sitemapXml(linkOrigin(env, c), addresses), 200, headers("application/xml; charset=utf-8"));
    });
}
