// The buyOrder machine's generated paths through the real Buy page view in Chromium
// (playwright-core driving Debian's chromium): the spec of the jsdom run
// (tests/statecharts/buy-ui-spec.ts) with Playwright gestures. The page (buy-paths-page.tsx) is the
// view bundled by Vite with the app's own plugins and served at the e2e server's origin
// (paths-page.ts); every call of the driven actor is faked and settled by the path, so none
// reaches the server.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { buyOrderGraphSpec } from "../../../machines/onramp/buyOrder.graph-spec.ts";
import { buyOrderMachine } from "../../../machines/onramp/buyOrder.machine.ts";
import { buyOrderUiSpec, type BuyScreen } from "../../statecharts/buy-ui-spec.ts";
import { buttonState, buttonsOf, describeGeneratedPaths, fieldState, present, sendStraight } from "../paths-suite.ts";

/** The Buy page through Playwright: roles and labels as a person (and a screen reader) finds them, only what is visible. */
function pageScreen(page: Page): BuyScreen {
  const amount = () => page.getByRole("textbox", { name: /^You pay|^You receive/ }).filter({ visible: true });
  const buttons = buttonsOf(page);
  return {
    amount: () => fieldState(amount()),
    button: (name) => buttonState(buttons(name)),
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
    sendStraight: sendStraight(page),
  };
}

describeGeneratedPaths<BuyScreen>({
  title: "the Buy page in Chromium, driven by the buyOrder machine's generated paths",
  machine: buyOrderMachine,
  graphSpec: buyOrderGraphSpec,
  uiSpec: buyOrderUiSpec,
  entry: "tests/e2e/onramp/buy-paths-page.tsx",
  screen: pageScreen,
  mustFail: {
    what: "the quote's figures are checked",
    event: "buy.pay",
    state: "editing.quoted",
    check: async (page) => void expect(await page.shows("0.00999 BTC")).toBe(true),
  },
});
