// The tradeQuote machine's generated paths through the real exchange ticket in Chromium
// (playwright-core driving Debian's chromium): the spec of the jsdom run
// (tests/statecharts/exchange-ui-spec.ts) with Playwright gestures. The page
// (exchange-paths-page.tsx) is the ticket bundled by Vite with the app's own plugins and served at
// the e2e server's origin (paths-page.ts); every call of the driven actor is faked and settled by
// the path, so none reaches the server.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { tradeQuoteGraphSpec } from "../../../machines/exchange/tradeQuote.graph-spec.ts";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import { tradeQuoteUiSpec, type TicketScreen } from "../../statecharts/exchange-ui-spec.ts";
import { buttonState, buttonsOf, describeGeneratedPaths, fieldState, present, sendStraight } from "../paths-suite.ts";

/** The ticket through Playwright: roles and labels as a person (and a screen reader) finds them, only what is visible. */
function pageScreen(page: Page): TicketScreen {
  const pay = () => page.getByRole("textbox", { name: /You pay/ }).filter({ visible: true });
  const buttons = buttonsOf(page);
  return {
    pay: () => fieldState(pay()),
    button: (name) => buttonState(buttons(name)),
    shows: async (text) => (await page.getByText(text, { exact: true }).filter({ visible: true }).count()) > 0,
    alerts: () => page.getByRole("alert").filter({ visible: true }).allTextContents(),
    async heading(name) {
      const heading = await present(page.getByRole("heading", { name, exact: true }));
      if (!heading) return null;
      return heading.evaluate((heading) => ({ focused: document.activeElement === heading, section: heading.closest("section")?.textContent ?? "" }));
    },
    typePay: (text) => pay().first().fill(text),
    // In and out again, as a person does: a field that never had focus cannot lose it (after an edit
    // from the address, it had none).
    async leavePay() {
      await pay().first().focus();
      await pay().first().blur();
    },
    click: (name) => buttons(name).first().click(),
    editFromAddress: sendStraight(page),
  };
}

describeGeneratedPaths<TicketScreen>({
  title: "the exchange ticket in Chromium, driven by the tradeQuote machine's generated paths",
  machine: tradeQuoteMachine,
  graphSpec: tradeQuoteGraphSpec,
  uiSpec: tradeQuoteUiSpec,
  entry: "tests/e2e/exchange/exchange-paths-page.tsx",
  screen: pageScreen,
  mustFail: {
    what: "the countdown's words are checked",
    event: "exchange.confirm",
    state: "ticket.quoted",
    check: async (ticket) => void expect(await ticket.shows("Price held for 99 s")).toBe(true),
  },
});
