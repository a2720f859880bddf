// Push notifications in real Chromium, against a build that carries a Firebase configuration
// (dummy values: this machine cannot reach Firebase, which is itself a case the app must handle).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createSession, createUser } from "../../../server/modules/auth/sessions.ts";
import { openDatabase } from "../../../server/platform/db/open.ts";
import { seedStorage, setupBrowser } from "../browser.ts";
import { buildSpa, migratedDataDir, type RunningServer, startServer } from "../server.ts";

let server: RunningServer | undefined;
const tokens: string[] = [];
const temp: string[] = [];

beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), "sarraf-push-dist-"));
  const dataDir = migratedDataDir("sarraf-push-data-");
  temp.push(outDir, dataDir);
  await buildSpa(outDir, {
    VITE_FIREBASE_API_KEY: "test-api-key",
    VITE_FIREBASE_AUTH_DOMAIN: "sarraf-test.firebaseapp.com",
    VITE_FIREBASE_PROJECT_ID: "sarraf-test",
    VITE_FIREBASE_MESSAGING_SENDER_ID: "1234567890",
    VITE_FIREBASE_APP_ID: "1:1234567890:web:abcdef",
    VITE_FIREBASE_VAPID_KEY: "BDummyVapidKeyForTestsOnly0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
  });
  const database = await openDatabase({ dataDir });
  const user = await createUser(database.db, { email: "push@sarraf.test", fullName: "Push", emailVerifiedAt: new Date() });
  for (let i = 0; i < 3; i++) tokens.push((await createSession(database.db, user.id)).token);
  await database.close();
  server = await startServer(dataDir, { STATIC_DIR: outDir });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

const b = setupBrowser({ baseURL: () => server!.baseURL });

async function profilePage(lang: "en" | "ar", setup: (context: BrowserContext) => Promise<void> = async () => {}) {
  // Seeded after the test's own init scripts, which must run first.
  const context = await b.newContext({ seed: false });
  await setup(context);
  const token = tokens.shift()!;
  await seedStorage(context, { lang, token });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto("/profile");
  return { page, context, requests };
}

describe("push notifications", () => {
  it("asks nothing at page load, asks when the user presses the button, and shows the denial in the spec's words", async () => {
    const { page, context } = await profilePage("en");
    const enable = page.getByRole("button", { name: "Enable notifications" });
    await enable.waitFor();
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    await enable.click();
    await page.getByRole("alert").filter({ hasText: "You denied for the notifications" }).waitFor();
    await context.close();
  });

  it("in Arabic too", async () => {
    const { page, context } = await profilePage("ar");
    await page.getByRole("button", { name: "تفعيل الإشعارات" }).click();
    await page.getByRole("alert").filter({ hasText: "لقد رفضت الإشعارات" }).waitFor();
    await context.close();
  });

  it("with permission granted, Firebase loads on demand and an unreachable token service is reported", async () => {
    const { page, context, requests } = await profilePage("en", (context) => context.grantPermissions(["notifications"]));
    await page.getByRole("alert").filter({ hasText: "An error occurred while retrieving token." }).waitFor({ timeout: 30_000 });
    // The messaging service worker was served and registered for Firebase's scope.
    const registrations = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((r) => [
        new URL(r.scope).pathname,
        new URL((r.active ?? r.installing ?? r.waiting)!.scriptURL).pathname,
      ]),
    );
    expect(registrations).toEqual([["/firebase-cloud-messaging-push-scope", "/firebase-messaging-sw.js"]]);
    // Firebase's code came only after the grant, in its own chunks.
    expect(requests.filter((url) => /\/assets\/index\.esm-/.test(url)).length).toBeGreaterThan(0);
    await context.close();
  });
});

describe("the messaging service worker", () => {
  it("is served as JavaScript at the site root by the default build", async () => {
    const response = await fetch(`${inject("baseURL")}/firebase-messaging-sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(await response.text()).toContain("firebase");
  });
});
