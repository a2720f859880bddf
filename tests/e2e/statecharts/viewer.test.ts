// The live statecharts viewer in real Chromium: a production build made with
// VITE_STATECHARTS_VIEWER=true, served by the real server, follows the app's running actors.
// The default build (the one `npm start` serves) must not have the page at all.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { setupBrowser } from "../browser.ts";
import { buildSpa, migratedDataDir, type RunningServer, startServer } from "../server.ts";

const root = resolve(import.meta.dirname, "../../..");
const b = setupBrowser();
let server: RunningServer | undefined;
let viewerURL = "";
let token = "";
const temp: string[] = [];

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), "sarraf-viewer-dist-"));
  const dataDir = migratedDataDir("sarraf-viewer-data-");
  temp.push(outDir, dataDir);
  await buildSpa(outDir, { VITE_STATECHARTS_VIEWER: "true" });
  const database = await openDatabase({ dataDir });
  const user = await createUser(database.db, { email: "viewer@sarraf.test", fullName: "Viewer", emailVerifiedAt: new Date() });
  token = (await createSession(database.db, user.id)).token;
  await database.close();
  server = await startServer(dataDir, { STATIC_DIR: outDir });
  viewerURL = server.baseURL;
  // A whole production build, CPU-bound: over 120 s at load 15 with a
  // core kept busy (the flake finder saw the 120 s bound fail). Nothing to wait for but its end,
  // so the bound only catches a hang.
}, 600_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** Innermost active state ids drawn highlighted in one machine's diagram. */
const highlighted = (page: Page, machine: string) =>
  page.$$eval(`svg[data-machine="${machine}"] .sc-state.sc-active`, (nodes) => nodes.map((n) => n.getAttribute("data-state-id")));

describe("statecharts viewer", () => {
  it("draws every machine, highlights the running actors' states and follows them live", async () => {
    const { page, context, errors } = await b.newPage({ baseURL: viewerURL, seed: false });
    await page.goto("/statecharts");
    await expect.poll(() => page.title()).toBe("Statecharts | Sarraf");
    // Every machine file, in whichever feature folder.
    const machines = (readdirSync(join(root, "machines"), { recursive: true }) as string[])
      .filter((f) => f.endsWith(".machine.ts"))
      .map((f) => basename(f, ".machine.ts"));
    expect(machines).toContain("account");
    for (const machine of machines) {
      await page.getByRole("heading", { level: 2, name: machine }).waitFor();
    }
    await page.waitForFunction((count) => document.querySelectorAll("svg.statechart").length === count, machines.length, { timeout: 20_000 });
    await expect.poll(() => highlighted(page, "auth")).toEqual(["auth", "auth.unauthenticated", "auth.unauthenticated.idle"]);
    await expect.poll(() => highlighted(page, "locale")).toEqual(["locale", "locale.ready"]);

    // Switching the language is a locale event: the log shows it and the diagram follows.
    await page.getByRole("button", { name: "العربية" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    const log = page.getByRole("table");
    await expect.poll(() => log.getByText("locale.change").count()).toBeGreaterThan(0);
    await expect.poll(() => highlighted(page, "locale")).toEqual(["locale", "locale.ready"]);
    await page.getByRole("heading", { level: 1, name: "مخططات الحالات" }).waitFor();
    // Machine ids and the diagrams stay left-to-right inside the Arabic page.
    expect(await page.$eval(".statechart-diagram", (n) => n.getAttribute("dir"))).toBe("ltr");

    // Signing in in another tab reaches this tab's auth actor through storage; the chart follows
    // it through verifying (the profile call against the real server) to active.
    const other = await context.newPage();
    await other.goto("/");
    await other.evaluate((t) => localStorage.setItem("authUser", JSON.stringify({ Token: t, email: "viewer@sarraf.test" })), token);
    await expect.poll(() => highlighted(page, "auth"), { timeout: 10_000 }).toEqual(["auth", "auth.authenticated", "auth.authenticated.active"]);
    await expect.poll(() => log.getByText("auth.storageChanged").count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is not part of the default production build", async () => {
    const { page, context } = await b.openPage("/statecharts");
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(await page.locator("svg.statechart").count()).toBe(0);
    await context.close();
  });
});
