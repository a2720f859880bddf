import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { scrubAddress, scrubReferrer } from "../../../contract/pageViewAddress.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import { pageViewBudgets, pageViews } from "./schema.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The client's address as a budget's key: hashed, so no address is stored. */
const clientKey = (address: string) => createHash("sha256").update(`page-views:${address}`).digest("hex").slice(0, 32);

/**
 * Records page views (issue 28): bounded by the contract's schema, cleaned again here (a client
 * may send anything), limited per client to ANALYTICS_VIEWS_PER_MINUTE in a fixed minute, and
 * not kept at all when the browser sends the Global Privacy Control signal.
 */
export function analyticsHandlers(s: Pick<PlatformDeps, "database" | "env" | "now">) {
  const db = s.database.db;
  const perMinute = s.env.ANALYTICS_VIEWS_PER_MINUTE;
  return handlers({
    pageViewAdd: {
      success: "success.pageViewRecorded",
      handle: async (c, body) => {
        if (c.req.header("Sec-GPC") === "1") return { recorded: false };
        const now = s.now();
        const windowStart = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
        // One statement: concurrent views of one client each count, and the window rolls over in place.
        const [budget] = await db
          .insert(pageViewBudgets)
          .values({ client: clientKey(c.var.clientAddress), windowStart, count: 1 })
          .onConflictDoUpdate({
            target: pageViewBudgets.client,
            set: {
              count: sql`case when ${pageViewBudgets.windowStart} = excluded.window_start then ${pageViewBudgets.count} + 1 else 1 end`,
              windowStart: sql`excluded.window_start`,
            },
          })
          .returning({ count: pageViewBudgets.count });
        if (budget!.count > perMinute)
          throw refuse("pageViewAdd", "rateLimited", { retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + MINUTE - now.getTime()) / 1000)) });
        // The host is the site's own origin for a referrer from one of its pages.
        const origin = new URL(c.req.url).origin;
        const path = scrubAddress(body.path);
        if (path === null) return { recorded: false };
        await db.insert(pageViews).values({
          viewedAt: now,
          path,
          title: body.title,
          locale: body.locale,
          referrer: scrubReferrer(body.referrer ?? null, origin),
        });
        // The first view of a new window also forgets the budgets nobody used for a day.
        if (budget!.count === 1) await db.delete(pageViewBudgets).where(lt(pageViewBudgets.windowStart, new Date(now.getTime() - DAY)));
        return { recorded: true };
      },
    },
  });
}
