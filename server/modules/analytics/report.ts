import { and, count, desc, gte, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { pageViews } from "./schema.ts";

export interface TopPagesDay {
  /** The day in UTC, YYYY-MM-DD. */
  day: string;
  total: number;
  pages: { path: string; views: number }[];
}

/** The most viewed pages of each of the last `days` days (UTC), newest day first, `limit` per day. */
export async function topPages(db: Db, { days, now, limit = 10 }: { days: number; now: Date; limit?: number }): Promise<TopPagesDay[]> {
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * 86_400_000);
  const day = sql<string>`to_char(${pageViews.viewedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, path: pageViews.path, views: count() })
    .from(pageViews)
    .where(and(gte(pageViews.viewedAt, since)))
    .groupBy(day, pageViews.path)
    .orderBy(desc(day), desc(count()), pageViews.path);
  const byDay = new Map<string, TopPagesDay>();
  for (const row of rows) {
    const entry = byDay.get(row.day) ?? { day: row.day, total: 0, pages: [] };
    entry.total += Number(row.views);
    if (entry.pages.length < limit) entry.pages.push({ path: row.path, views: Number(row.views) });
    byDay.set(row.day, entry);
  }
  return [...byDay.values()];
}
