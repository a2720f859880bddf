// npm run ops:analytics -- top [--days N] — the most viewed pages of each of the last N days (UTC,
// default 7), from the first-party page views. Reads the server's database (DATABASE_URL, else the
// PGlite folder DATA_DIR, which only one process may hold: stop the server first).
import { parseArgs } from "node:util";
import { topPages } from "../server/modules/analytics/index.ts";
import { openDatabase } from "../server/platform/db/open.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { days: { type: "string", default: "7" }, limit: { type: "string", default: "10" } },
});
const [command = "top"] = positionals;
const days = Number(values.days);
const limit = Number(values.limit);
if (command !== "top" || !Number.isInteger(days) || days < 1 || days > 366 || !Number.isInteger(limit) || limit < 1) {
  console.error("usage: npm run ops:analytics -- top [--days N (1-366, default 7)] [--limit N (default 10)]");
  process.exit(2);
}
const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? ".data" });
try {
  const report = await topPages(database.db, { days, now: new Date(), limit });
  console.log(`Top pages per day, last ${days} day(s) (UTC), newest first:`);
  if (report.length === 0) console.log("  no page views recorded");
  for (const day of report) {
    console.log(`${day.day}  ${day.total} view(s)`);
    for (const page of day.pages) console.log(`  ${String(page.views).padStart(7)}  ${page.path}`);
  }
} finally {
  await database.close();
}
