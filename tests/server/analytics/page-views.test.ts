// POST /pageview/add (issue 28): first-party page views, over the real database (PGlite, or
// PostgreSQL with DATABASE_URL).
import { describe, expect, it } from "vitest";
import { desc } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";
import { pageViewBudgets, pageViews } from "../../../server/modules/analytics/schema.ts";
import { topPages } from "../../../server/modules/analytics/index.ts";
import { bodyOf, MINUTE } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite), { env: { ANALYTICS_VIEWS_PER_MINUTE: "5" } });

let addresses = 0;
/** A client of its own per test, so one test's budget never reaches another's. */
const newClient = () => `203.0.113.${++addresses}`;
const view = (overrides: Record<string, unknown> = {}) => ({ path: "/blog", title: "Blog | Sarraf", locale: "en", referrer: null, ...overrides });
const send = (body: unknown, address: string, headers: Record<string, string> = {}) => t.post("/pageview/add", { body, address, headers });
const stored = () => database.db.select().from(pageViews).orderBy(desc(pageViews.id));
const count = async () => (await stored()).length;

describe("POST /pageview/add", () => {
  it("stores one view with its path, title, language and referrer, and no client address", async () => {
    const client = newClient();
    const res = await send(view({ path: "/contact", title: "اتصل بنا | صرّاف", locale: "ar", referrer: "https://www.example.org/some/path?q=1" }), client);
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ status: "success", message: "Page view recorded.", data: { recorded: true } });
    const [row] = await stored();
    expect(row).toEqual({
      id: expect.any(Number),
      viewedAt: clock.now(),
      path: "/contact",
      title: "اتصل بنا | صرّاف",
      locale: "ar",
      referrer: "https://www.example.org",
    });
    const budgets = await database.db.select().from(pageViewBudgets);
    expect(JSON.stringify(budgets)).not.toContain(client);
  });

  it("strips secrets the client left in (tokens, codes, e-mails, return addresses) before storing", async () => {
    const cases: [string, string][] = [
      ["/reset-password?token=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5&email=someone%40example.com", "/reset-password"],
      ["/verify-email?email=someone@example.com&code=123456", "/verify-email"],
      ["/login?returnTo=%2Fportfolio", "/login"],
      ["/exchange?curr=USD&symbol=BTC&amount=5", "/exchange?curr=USD&symbol=BTC"],
      ["/partners/someone@example.com", "/partners/:email"],
      ["/reset-password/a1b2c3d4e5f6a7b8c9d0", "/reset-password/:redacted"],
      ["/blog?category=guides&tag=someone%40example.com#top", "/blog?category=guides"],
    ];
    for (const [sent] of cases) expect((await send(view({ path: sent }), newClient())).status).toBe(200);
    const paths = (await stored())
      .slice(0, cases.length)
      .map((row) => row.path)
      .reverse();
    expect(paths).toEqual(cases.map(([, kept]) => kept));
    // And a referrer from the site itself is scrubbed like a page's address.
    expect((await send(view({ referrer: "http://localhost/reset-password?token=abcdefabcdefabcdef1" }), newClient())).status).toBe(200);
    expect((await stored())[0]!.referrer).toBe("/reset-password");
  });

  it("refuses bad input with a translated validation error and stores nothing", async () => {
    const client = newClient();
    const before = await count();
    const bad: unknown[] = [
      {},
      view({ path: "" }),
      view({ path: "blog" }),
      view({ path: "//evil.example/x" }),
      view({ path: `/${"a".repeat(600)}` }),
      view({ title: "" }),
      view({ title: "t".repeat(201) }),
      view({ locale: "fr" }),
      view({ referrer: "r".repeat(513) }),
      view({ extra: "field" }),
      view({ path: 42 }),
      "not an object",
    ];
    for (const body of bad) {
      const res = await send(body, client, { "Accept-Language": "ar" });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = await bodyOf(res);
      expect(answer.status).toBe("error");
      expect((answer.data as { reason?: string } | undefined)?.reason).toBe("validation");
    }
    expect(await count()).toBe(before);
  });

  it("limits each client to ANALYTICS_VIEWS_PER_MINUTE in a minute, with Retry-After; other clients and the next minute go on", async () => {
    clock.advance(MINUTE - (clock.now().getTime() % MINUTE));
    const client = newClient();
    for (let i = 0; i < 5; i++) expect((await send(view(), client)).status).toBe(200);
    const before = await count();
    clock.advance(20_000);
    const refused = await send(view(), client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("40");
    expect((await bodyOf(refused)).data).toEqual({ reason: "rateLimited", retryAfter: 40 });
    expect(await count()).toBe(before);
    expect((await send(view(), newClient())).status).toBe(200);
    clock.advance(40_000);
    expect((await send(view(), client)).status).toBe(200);
  });

  it("keeps nothing when the browser sends the Global Privacy Control signal", async () => {
    const before = await count();
    const res = await send(view(), newClient(), { "Sec-GPC": "1" });
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).data).toEqual({ recorded: false });
    expect(await count()).toBe(before);
  });

  it("reports the top pages per day, newest day first", async () => {
    const client = newClient();
    clock.advance(24 * 60 * MINUTE);
    for (const path of ["/", "/", "/blog"]) await send(view({ path }), client);
    clock.advance(61_000);
    const [today] = await topPages(database.db, { days: 1, now: clock.now() });
    expect(today!.day).toBe(clock.now().toISOString().slice(0, 10));
    expect(today!.pages.slice(0, 2)).toEqual([
      { path: "/", views: 2 },
      { path: "/blog", views: 1 },
    ]);
    expect(today!.total).toBe(3);
  });
});
