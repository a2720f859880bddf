// The auth machine's generated paths through the real auth screens in Chromium (playwright-core
// driving Debian's chromium): the spec of the jsdom run (tests/statecharts/auth-ui-spec.ts) with
// Playwright gestures. The page (auth-paths-page.tsx) is the whole app bundled by Vite with the
// app's own plugins and served at the e2e server's origin (paths-page.ts); every call of the driven auth actor is
// faked and settled by the path, so none reaches the server.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { authGraphSpec } from "../../../machines/auth/auth.graph-spec.ts";
import { authMachine } from "../../../machines/auth/auth.machine.ts";
import { generatePaths } from "../../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../../tools/statecharts/spec.ts";
import { pageTarget, poll, runPathInUi, type UiSpec } from "../../../tools/statecharts/ui-harness.ts";
import { authUiSpec, type AuthScreen } from "../../statecharts/auth-ui-spec.ts";
import { setupBrowser } from "../browser.ts";
import { openPathsPage } from "../paths-page.ts";
import type { AuthPathsWorldHook } from "./auth-paths-page.tsx";

type WithWorld = { __authPathsWorld: AuthPathsWorldHook };

/** The screen through Playwright: roles and labels as a person (and a screen reader) finds them, only what is visible. */
function pageScreen(page: Page): AuthScreen {
  const buttons = (name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" }).filter({ visible: true });
  const field = (label: string) => page.getByLabel(label, { exact: true }).and(page.locator("input")).filter({ visible: true });
  const texts = (selector: string) =>
    page.evaluate(
      (selector) => [...document.querySelectorAll<HTMLElement>(selector)].filter((e) => e.checkVisibility()).map((e) => e.innerText.trim()),
      selector,
    );
  return {
    location: () => page.evaluate(() => location.pathname + location.search + location.hash),
    async open(path) {
      // A link's navigation, then a frame for React to render what it leads to.
      await page.evaluate(async (path) => {
        history.pushState(null, "", path);
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      }, path);
      await page.locator("main h1").first().waitFor();
    },
    heading: () => page.evaluate(() => document.querySelector("main h1")?.textContent ?? null),
    busy: async () => [...new Set(await texts("button[aria-busy='true']"))],
    errors: () => texts("[role=alert], .field-error"),
    messages: (since) => page.evaluate((since) => (globalThis as unknown as WithWorld).__authPathsWorld.messages(since), since),
    async field(label) {
      const found = field(label);
      if ((await found.count()) === 0) return null;
      return found.first().evaluate((input: HTMLInputElement) => ({
        value: input.value,
        description: (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
          .join(" "),
      }));
    },
    async button(name) {
      const found = buttons(name);
      if ((await found.count()) === 0) return null;
      return { enabled: await found.first().isEnabled(), pressed: (await found.first().getAttribute("aria-pressed")) === "true" };
    },
    fill: (label, value) => field(label).first().fill(value),
    tick: (name) => page.getByRole("checkbox", { name }).first().check(),
    click: (name) => buttons(name).first().click(),
    wait: (seconds) => page.evaluate((seconds) => (globalThis as unknown as WithWorld).__authPathsWorld.elapse(seconds), seconds),
    otherTab: (user) => page.evaluate((user) => (globalThis as unknown as WithWorld).__authPathsWorld.otherTab(user), user),
  };
}

const b = setupBrowser();
const opened = openPathsPage(b, "tests/e2e/auth/auth-paths-page.tsx");

const { paths } = generatePaths(authMachine, resolveSpec(authMachine, authGraphSpec));
const spec: UiSpec<AuthScreen> = { ...authUiSpec, waitFor: poll(10_000) };
const target = pageTarget<AuthScreen>({ open: async () => ({ page: opened.page, view: pageScreen(opened.page) }) });

describe("the auth screens in Chromium, driven by the auth machine's generated paths", () => {
  it.each(paths.map((p, i) => [i + 1, p] as const))(
    "scenario %i",
    async (_n, path) => {
      await runPathInUi(authMachine, path, target, spec);
    },
    60_000,
  );

  it("fails when a gesture sends nothing, though the state would not change (a self-transition)", async () => {
    const wrong: UiSpec<AuthScreen> = { ...spec, events: { ...spec.events, "auth.cancelCode": (s) => s.click("E-mail code") }, waitFor: poll(300) };
    const cancelling = paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === "auth.cancelCode"))!;
    await expect(runPathInUi(authMachine, cancelling, target, wrong)).rejects.toThrow(/auth\.cancelCode.*the UI did not send it/);
  }, 30_000);

  it("raised no error in the page", () => {
    expect(opened.errors).toEqual([]);
  });
});
