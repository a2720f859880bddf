// A signed-in page's first calls answered in its HTML (issue 12): made in-process for the session
// the page's cookie names, exactly as the API answers them, and never for anyone else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_ANSWERS_ELEMENT_ID, type FirstAnswer } from "../../../contract/firstAnswers.ts";
import { routes } from "../../../contract/routes.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { seedSession, seedUser } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { openTestDatabase } from "../helpers/test-db.ts";

const shell = (lang: string) => `<!doctype html><html lang="${lang}"><body><div id="root" data-shell="/dashboard" inert></div>\n  </body></html>`;
let database: Database;
let dist: string;
let t: TestApp;
let token: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dist = mkdtempSync(join(tmpdir(), "sarraf-first-answers-"));
  for (const lang of ["en", "ar"]) mkdirSync(join(dist, ".pages", lang), { recursive: true });
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>plain index</title>");
  const index = ["/dashboard", "/market", "/portfolio", "/history"].map((path) => ({
    path,
    prerendered: false,
    files: { en: `en${path}.html`, ar: `ar${path}.html` },
    shellFiles: { en: `en${path}.shell.html`, ar: `ar${path}.shell.html` },
  }));
  index.push({ path: "/login", prerendered: true, files: { en: "en/login.html", ar: "ar/login.html" } } as (typeof index)[number]);
  writeFileSync(join(dist, ".pages", "pages.json"), JSON.stringify(index));
  for (const lang of ["en", "ar"]) {
    for (const name of ["dashboard", "market", "portfolio", "history"]) {
      writeFileSync(join(dist, ".pages", lang, `${name}.html`), `<!doctype html><html lang="${lang}"><body>no shell</body></html>`);
      writeFileSync(join(dist, ".pages", lang, `${name}.shell.html`), shell(lang));
    }
    writeFileSync(join(dist, ".pages", lang, "login.html"), `<!doctype html><html lang="${lang}"><body>login</body></html>`);
  }
  t = createTestApp({ database, staticDir: dist });
  // A name that tries to end the element its answer travels in.
  const user = await seedUser(database.db, { fullName: "Mallory </script><script>alert(1)</script> \u2028" });
  token = await seedSession(database.db, user, new Date());
});
afterAll(async () => {
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: { accept: "text/html", cookie, ...headers } });

/** The answers a page's HTML carries, or null when it has none. */
function answersIn(html: string): FirstAnswer[] | null {
  const match = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as FirstAnswer[]) : null;
}

describe("a signed-in page's HTML", () => {
  it("carries the answers to the dashboard's first calls, exactly as the API gives them, kept by no cache", async () => {
    const response = await page("/dashboard", `signedIn=1; pageSession=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toContain("Cookie");
    const html = await response.text();
    const answers = answersIn(html);
    expect(answers?.map((answer) => [answer.route, answer.body])).toEqual([
      ["getProfile", "{}"],
      ["currencyList", "{}"],
      ["balances", '{"currency":"USD"}'],
      ["dashboardMarketInfo", '{"currency":"USD"}'],
    ]);
    for (const answer of answers!) {
      const direct = await t.post(routes[answer.route].path, { token, body: JSON.parse(answer.body) });
      const body = (await direct.json()) as FirstAnswer["envelope"];
      // Prices move between the two calls; the rest is the same answer.
      if (answer.route === "dashboardMarketInfo") expect(Object.keys(answer.envelope.data as object)).toEqual(Object.keys(body.data as object));
      else expect(answer.envelope).toEqual(body);
    }
    // The page is the shell with the answers before </body>; the name cannot close the element.
    expect(html.startsWith(shell("en").slice(0, 60))).toBe(true);
    expect(html).not.toContain("</script><script>alert(1)");
    expect((answers![0]!.envelope.data as { fullName: string }).fullName).toBe("Mallory </script><script>alert(1)</script> \u2028");
  });

  it("asks prices in the quote currency the user chose, and gives each page its own calls, compressed when accepted", async () => {
    const market = await page("/market", `signedIn=1; pageSession=${token}; quote=EUR`, { "accept-encoding": "br" });
    expect(market.headers.get("content-encoding")).toBe("br");
    const answers = answersIn(brotliDecompressSync(Buffer.from(await market.arrayBuffer())).toString());
    expect(answers?.map((answer) => [answer.route, answer.body])).toEqual([
      ["getProfile", "{}"],
      ["currencyList", "{}"],
      ["marketTickers", '{"currency":"EUR"}'],
    ]);
    const portfolio = answersIn(await (await page("/portfolio", `signedIn=1; pageSession=${token}; quote=XXX`)).text());
    expect(portfolio?.map((answer) => answer.body)).toEqual(["{}", "{}", '{"currency":"USD"}']);
  });

  it("carries none for a page without first calls, a public page, a browser without the hint, or a session that is not live", async () => {
    for (const [path, cookie] of [
      ["/history", `signedIn=1; pageSession=${token}`],
      ["/login", `signedIn=1; pageSession=${token}`],
      ["/dashboard", `pageSession=${token}`],
      ["/dashboard", "signedIn=1"],
      ["/dashboard", "signedIn=1; pageSession=not-a-token"],
      ["/dashboard", `signedIn=1; pageSession=${"A".repeat(43)}`],
    ] as const) {
      const response = await page(path, cookie);
      expect(response.status).toBe(200);
      expect(answersIn(await response.text())).toBeNull();
      expect(response.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("stops carrying them once the session ends", async () => {
    const user = await seedUser(database.db);
    const ending = await seedSession(database.db, user, new Date());
    expect(answersIn(await (await page("/dashboard", `signedIn=1; pageSession=${ending}`)).text())).not.toBeNull();
    expect((await t.post("/user/logout", { token: ending, body: {} })).status).toBe(200);
    expect(answersIn(await (await page("/dashboard", `signedIn=1; pageSession=${ending}`)).text())).toBeNull();
  });
});
