// The buyOrder machine's generated paths through the real Buy page view in Chromium
// (playwright-core driving Debian's chromium): the spec of the jsdom run
// (tests/statecharts/buy-ui-spec.ts) with Playwright gestures. The page (buy-paths-page.tsx) is the
// view bundled by Vite with the app's own plugins and served at the e2e server's origin
// (paths-page.ts); every call of the driven actor is faked and settled by the path, so none
// reaches the server.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buyOrderGraphSpec } from "../../../machines/onramp/buyOrder.graph-spec.ts";
import { buyOrderMachine } from "../../../machines/onramp/buyOrder.machine.ts";
import { generatePaths } from "../../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../../tools/statecharts/spec.ts";
import { pageTarget, poll, runPathInUi, type UiSpec } from "../../../tools/statecharts/ui-harness.ts";
import { uiPathsHook } from "../../../tools/statecharts/ui-page.ts";
import { buyOrderUiSpec, type BuyScreen } from "../../statecharts/buy-ui-spec.ts";
import { setupBrowser } from "../browser.ts";
import { openPathsPage } from "../paths-page.ts";

const base = "/__buy-paths/";

/** The Buy page through Playwright: roles and labels as a person (and a screen reader) finds them, only what is visible. */
function pageScreen(page: Page): BuyScreen {
  const amount = () => page.getByRole("textbox", { name: /^You pay|^You receive/ }).filter({ visible: true });
  const buttons = (name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" }).filter({ visible: true });
  const present = async (locator: Locator) => ((await locator.count()) === 0 ? null : locator.first());
  return {
    async amount() {
      const input = await present(amount());
      if (!input) return null;
      return input.evaluate((input: HTMLInputElement) => ({
        value: input.value,
        enabled: !input.disabled && input.closest("fieldset[disabled]") === null,
        invalid: input.getAttribute("aria-invalid") === "true",
        description: (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
          .join(" "),
      }));
    },
    async button(name) {
      const button = await present(buttons(name));
      if (!button) return null;
      return button.evaluate((button: HTMLButtonElement) => ({
        enabled: !button.matches(":disabled") && button.getAttribute("aria-disabled") !== "true",
        busy: button.getAttribute("aria-busy") === "true",
      }));
    },
    link: async (name) => (await page.getByRole("link", { name, exact: true }).filter({ visible: true }).count()) > 0,
    heading: async (name) => (await page.getByRole("heading", { name, exact: true }).filter({ visible: true }).count()) > 0,
    shows: async (text) => (await page.getByText(text, { exact: true }).filter({ visible: true }).count()) > 0,
    alerts: () => page.getByRole("alert").filter({ visible: true }).allTextContents(),
    async quote() {
      const region = await present(page.getByRole("region", { name: "Quote", exact: true }).filter({ visible: true }));
      return region ? { busy: (await region.getAttribute("aria-busy")) === "true" } : null;
    },
    typeAmount: (text) => amount().first().fill(text),
    // In and out again, as a person does: a field that never had focus cannot lose it.
    async leaveAmount() {
      await amount().first().focus();
      await amount().first().blur();
    },
    click: (name) => buttons(name).first().click(),
    refusePopups: () => page.evaluate(() => (globalThis as unknown as { __buyPaymentWindow: { refuseNext(): void } }).__buyPaymentWindow.refuseNext()),
    sendStraight: (event) =>
      page.evaluate(({ name, event }) => (globalThis as unknown as Record<string, { send(e: unknown): void }>)[name]!.send(event), {
        name: uiPathsHook,
        event,
      }),
  };
}

const b = setupBrowser();
const opened = openPathsPage(b, "tests/e2e/onramp/buy-paths-page.tsx", base);

const { paths } = generatePaths(buyOrderMachine, resolveSpec(buyOrderMachine, buyOrderGraphSpec));
const spec = buyOrderUiSpec(poll(10_000));
const target = pageTarget<BuyScreen>({ open: async () => ({ page: opened.page, view: pageScreen(opened.page) }) });

describe("the Buy page in Chromium, driven by the buyOrder machine's generated paths", () => {
  it.each(paths.map((p, i) => [i + 1, p] as const))("scenario %i", (_n, path) => runPathInUi(buyOrderMachine, path, target, spec), 60_000);

  it("fails when the screen does not show the state (the quote's figures are checked)", async () => {
    const paying = paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === "buy.pay"))!;
    const wrong: UiSpec<BuyScreen> = {
      ...spec,
      waitFor: poll(300),
      states: { ...spec.states, "editing.quoted": async (page) => void expect(await page.shows("0.00999 BTC")).toBe(true) },
    };
    await expect(runPathInUi(buyOrderMachine, paying, target, wrong)).rejects.toThrow(/editing\.quoted/);
  }, 30_000);

  it("raised no error in the page", () => {
    expect(opened.errors).toEqual([]);
  });
});
