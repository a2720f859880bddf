import { readFile, stat } from "node:fs/promises";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { PAGE_ORIGIN_PLACEHOLDER, SITE_CONFIG_META } from "../../../contract/pages.ts";
import type { Env } from "../../env.ts";
import { sameFacts, SITE_FACT_DEFAULTS, type SiteFacts, type SiteSettings } from "../../../contract/siteFacts.ts";
import { acceptedEncodings, type ContentEncoding } from "./encoding.ts";
import { escapeHtml } from "./html.ts";
import { requestOrigin } from "./node.ts";

/**
 * What a page's HTML learns from the server's settings (issue 28), in a <meta> the SPA reads at
 * start (src/shared/lib/siteConfig.ts): the live-chat widget of each language, where page views
 * go, and the fees and limits the pages state. Nothing is added when every setting is at its default.
 */
export type SiteConfig = SiteSettings;

type SiteEnv = Pick<
  Env,
  | "CHAT_TAWK_EN"
  | "CHAT_TAWK_AR"
  | "ANALYTICS_PROVIDER"
  | "ONRAMP_FEE_BPS"
  | "ONRAMP_MIN_ORDER_USD"
  | "ONRAMP_MAX_ORDER_USD"
  | "TRADE_SPREAD_BPS"
  | "TRADE_FEE_BPS"
  | "TRADE_FEE_MIN_USD"
  | "TRADE_QUOTE_SECONDS"
  | "KYC_CARD_BUY_THRESHOLD_USD"
  | "WITHDRAW_COOLING_OFF_HOURS"
>;

export const siteFactsOf = (env: SiteEnv): SiteFacts => ({
  cardFeeBps: env.ONRAMP_FEE_BPS,
  cardMinUsd: env.ONRAMP_MIN_ORDER_USD,
  cardMaxUsd: env.ONRAMP_MAX_ORDER_USD,
  spreadBps: env.TRADE_SPREAD_BPS,
  tradeFeeBps: env.TRADE_FEE_BPS,
  tradeFeeMinUsd: env.TRADE_FEE_MIN_USD,
  quoteSeconds: env.TRADE_QUOTE_SECONDS,
  kycCardThresholdUsd: env.KYC_CARD_BUY_THRESHOLD_USD,
  withdrawCoolingOffHours: env.WITHDRAW_COOLING_OFF_HOURS,
});

export const siteConfigOf = (env: SiteEnv): SiteConfig => ({
  chat: { ...(env.CHAT_TAWK_EN ? { en: env.CHAT_TAWK_EN } : {}), ...(env.CHAT_TAWK_AR ? { ar: env.CHAT_TAWK_AR } : {}) },
  analytics: env.ANALYTICS_PROVIDER,
  facts: siteFactsOf(env),
});

const isDefault = (site: SiteConfig) => !site.chat.en && !site.chat.ar && site.analytics === "first-party" && sameFacts(site.facts, SITE_FACT_DEFAULTS);

export interface PageHtmlOptions {
  env: SiteEnv & Pick<Env, "PUBLIC_URL" | "TRUST_PROXY">;
  /** Marks every page as the play-money demo (spa.ts's markPlayMoney). */
  mark?: (html: string) => string;
}

/**
 * The built page as this server sends it: the head's absolute addresses (Open Graph, hreflang,
 * canonical; tools/build/pages.ts writes a placeholder origin) on the site's own origin
 * (PUBLIC_URL, else the request's), and the site's settings. The result is compressed once per
 * file, origin and encoding and kept (a few pages × two languages), so pages still go out
 * compressed at the best level without work per request.
 */
export function pageHtml({ env, mark = (html) => html }: PageHtmlOptions) {
  const site = siteConfigOf(env);
  const siteMeta = isDefault(site) ? "" : `<meta name="${SITE_CONFIG_META}" content="${escapeHtml(JSON.stringify(site))}">`;
  const cache = new Map<string, { body: Buffer<ArrayBuffer>; encoding: ContentEncoding }>();
  const originOf = (c: Context) => env.PUBLIC_URL ?? requestOrigin(c, env.TRUST_PROXY);

  const rewrite = (html: string, origin: string) => {
    const withOrigin = html.split(PAGE_ORIGIN_PLACEHOLDER).join(escapeHtml(origin));
    return mark(siteMeta ? withOrigin.replace("</head>", `  ${siteMeta}\n  </head>`) : withOrigin);
  };

  return {
    /** The site's origin for this request: PUBLIC_URL, else the request's (through a trusted proxy). */
    origin: originOf,
    /** The page's HTML for this request, uncompressed (a signed-in page adds its answers to it). */
    html: async (c: Context, file: string) => rewrite(await readFile(file, "utf8"), originOf(c)),
    /** The page for this request in the best encoding the browser accepts, from the cache when it is there. */
    async representation(c: Context, file: string) {
      const info = await stat(file);
      const origin = originOf(c);
      const [encoding = "identity"] = acceptedEncodings(c.req.header("Accept-Encoding"));
      const key = `${file}\n${info.mtimeMs}\n${origin}\n${encoding}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const text = Buffer.from(rewrite(await readFile(file, "utf8"), origin));
      const body =
        encoding === "br"
          ? brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: text.length } })
          : encoding === "gzip"
            ? gzipSync(text, { level: 9 })
            : text;
      const entry = { body: Buffer.from(body), encoding };
      // Bounded: origins come from PUBLIC_URL or the hosts the host guard allows, but stay safe.
      if (cache.size >= 256) cache.delete(cache.keys().next().value!);
      cache.set(key, entry);
      return entry;
    },
  };
}

export type PageHtml = ReturnType<typeof pageHtml>;
