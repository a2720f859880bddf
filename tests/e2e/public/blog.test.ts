// The blog and the partner pages, in real Chromium against the server `npm start` runs, over the
// repository's own content files (content/).
import { describe, expect, inject, it } from "vitest";
import { accessibilityProblems } from "../a11y.ts";
import { appStarted, setupBrowser } from "../browser.ts";

const b = setupBrowser();
const html = (path: string, lang: "en" | "ar" = "en") => fetch(`${inject("baseURL")}${path}`, { headers: { accept: "text/html", cookie: `lang=${lang}` } });

describe("the blog", () => {
  it("in Arabic: a category chip filters the list, a post opens, and Back brings the filtered list again", async () => {
    const { page, context, errors } = await b.openPage("/blog", { lang: "ar" });
    await page.getByRole("heading", { level: 1, name: "المدونة" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    const categories = page.getByRole("navigation", { name: "التصنيفات" });
    await categories.getByRole("link", { name: /الأمان/ }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.searchParams.get("category") === "security");
    const cards = page.locator(".post-grid > li");
    await expect.poll(() => cards.count()).toBe(2);
    expect(await categories.getByRole("link", { name: /الأمان/ }).getAttribute("aria-current")).toBe("page");

    const title = (await cards.first().getByRole("heading").textContent())!;
    await cards.first().getByRole("link").click();
    await page.waitForURL((url) => url.pathname.startsWith("/blog/"));
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.waitForFunction((text) => document.title.startsWith(text), title);
    expect(await page.locator(".article-body").getAttribute("dir")).toBe("rtl");

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/blog" && url.searchParams.get("category") === "security");
    await expect.poll(() => cards.count()).toBe(2);
    expect(await categories.getByRole("link", { name: /الأمان/ }).getAttribute("aria-current")).toBe("page");

    // The post's own link back keeps the filter too.
    await cards.first().getByRole("link").click();
    await page.getByRole("link", { name: "العودة إلى المدونة" }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.searchParams.get("category") === "security");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("keeps the page, the tag and the search in the address across a reload", async () => {
    const { page, context, errors } = await b.openPage("/blog?page=2");
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("searchbox", { name: "Search posts" }).fill("withdraw");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === "withdraw" && !url.searchParams.has("page"));
    // The last list stays while the search's loads: counted once the answer is in.
    await page.locator(".blog-results[aria-busy='false']").waitFor();
    await page.getByText("Matching “withdraw”").waitFor();
    const count = await page.locator(".post-grid > li").count();
    expect(count).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole("searchbox", { name: "Search posts" }).waitFor();
    expect(await page.getByRole("searchbox", { name: "Search posts" }).inputValue()).toBe("withdraw");
    expect(await page.locator(".post-grid > li").count()).toBe(count);
    // A search that matches nothing says so, with a way back to every post.
    await page.getByRole("searchbox", { name: "Search posts" }).fill("100%_nothing");
    await page.keyboard.press("Enter");
    await page.getByText("No posts match these filters.").waitFor();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL((url) => url.pathname === "/blog" && url.search === "");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a post's text, and the filtered list, in the page's HTML (no API call before first paint)", async () => {
    const post = await html("/blog/fees-explained", "ar");
    expect(post.status).toBe(200);
    const body = await post.text();
    expect(body).toMatch(/<title>كم تدفع فعلًا؟[^<]*\| /);
    expect(body).toMatch(/<div id="root"[^>]*data-prerendered="\/blog\/fees-explained"[^>]*>[\s\S]*<h1[^>]*>كم تدفع فعلًا؟/);
    const list = await (await html("/blog?category=security")).text();
    expect(list).toContain("Five scams we see every week");
    expect(list).not.toContain("Stablecoins, explained without the hype");
  });

  it("shows the not-found page, with status 404, for a post that does not exist", async () => {
    expect((await html("/blog/no-such-post")).status).toBe(404);
    const { page, context, errors } = await b.openPage("/blog/no-such-post");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    await page.waitForFunction(() => document.title === "Page not found | Sarraf");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the partner pages", () => {
  it("list the partners and open one in the partner layout, with no sign-in", async () => {
    const { page, context, errors } = await b.openPage("/partners");
    await page.getByRole("heading", { level: 1, name: "Partners" }).waitFor();
    expect(await page.locator(".layout-partner").count()).toBe(1);
    await page.getByRole("link", { name: "Tamr Wallet" }).click();
    await page.waitForURL((url) => url.pathname === "/partners/tamr-wallet");
    await page.getByRole("heading", { level: 1, name: "Tamr Wallet" }).waitFor();
    expect(await page.locator(".layout-partner").count()).toBe(1);
    const site = page.getByRole("link", { name: /Visit their website/ });
    expect(await site.getAttribute("rel")).toBe("noopener noreferrer");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the not-found page for an unknown partner", async () => {
    expect((await html("/partners/nobody")).status).toBe(404);
    const { page, context, errors } = await b.openPage("/partners/nobody", { lang: "ar" });
    await page.getByRole("heading", { level: 1, name: "الصفحة غير موجودة" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("the content pages' accessibility", () => {
  it("breaks no axe rule in either language, at desktop and phone width", async () => {
    const found: string[] = [];
    for (const lang of ["en", "ar"] as const)
      for (const viewport of ["desktop", "phone"] as const) {
        const { page, context } = await b.openPage("/blog", { lang, viewport });
        for (const path of ["/blog?category=security", "/blog/fees-explained", "/partners", "/partners/tamr-wallet"]) {
          await page.goto(path);
          await page.locator("main h1").waitFor();
          await appStarted(page);
          found.push(...(await accessibilityProblems(page)).map((problem) => `${lang} ${viewport} ${path}: ${problem}`));
        }
        await context.close();
      }
    expect(found).toEqual([]);
  });
});
