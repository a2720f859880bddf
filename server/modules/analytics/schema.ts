// The analytics module's tables: first-party page views, and each client's budget of them.
import { index, integer, pgTable, bigserial, text } from "drizzle-orm/pg-core";
import { at } from "../../platform/db/columns.ts";

/**
 * One row per page view the SPA recorded: no user, no cookie, no client address — only what
 * "the top pages per day" needs. Paths and referrers arrive scrubbed and are scrubbed again.
 */
export const pageViews = pgTable(
  "page_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    viewedAt: at("viewed_at").notNull(),
    path: text("path").notNull(),
    title: text("title").notNull(),
    locale: text("locale").notNull(),
    referrer: text("referrer"),
  },
  (t) => [index("page_views_viewed_at_idx").on(t.viewedAt)],
);

/**
 * A fixed one-minute window of page views per client. The client is a keyed hash of its address
 * (never the address), kept only as long as its window is recent: rows older than a day go.
 */
export const pageViewBudgets = pgTable(
  "page_view_budgets",
  {
    client: text("client").primaryKey(),
    windowStart: at("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("page_view_budgets_window_start_idx").on(t.windowStart)],
);
