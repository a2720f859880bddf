// The tradeQuote machine's generated paths through the real exchange ticket in Chromium
// (playwright-core driving Debian's chromium): the spec of the jsdom run
// (tests/statecharts/exchange-ui-spec.ts) with Playwright gestures. The page
// (exchange-paths-page.tsx) is the ticket bundled by Vite with the app's own plugins and served at
// the e2e server's origin (paths-page.ts); every call of the driven actor is faked and settled by
// the path, so none reaches the server.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { tradeQuoteGraphSpec } from "../../../machines/exchange/tradeQuote.graph-spec.ts";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import { generatePaths } from "../../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../../tools/statecharts/spec.ts";
import { pageTarget, poll, runPathInUi, type UiSpec } from "../../../tools/statecharts/ui-harness.ts";
import { uiPathsHook } from "../../../tools/statecharts/ui-page.ts";
import { tradeQuoteUiSpec, type TicketScreen } from "../../statecharts/exchange-ui-spec.ts";
import { setupBrowser } from "../browser.ts";
import { openPathsPage } from "../paths-page.ts";

const base = "/__exchange-paths/";

/** The ticket through Playwright: roles and labels as a person (and a screen reader) finds them, only what is visible. */
function pageScreen(page: Page): TicketScreen {
  const pay = () => page.getByRole("textbox", { name: /You pay/ }).filter({ visible: true });
  const buttons = (name: string | RegExp) => page.getByRole("button", { name, exact: typeof name === "string" }).filter({ visible: true });
  const present = async (locator: Locator) => ((await locator.count()) === 0 ? null : locator.first());
  return {
    async pay() {
      const input = await present(pay());
      if (!input) return null;
      return input.evaluate((input: HTMLInputElement) => ({
        value: input.value,
        enabled: !input.disabled,
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
        enabled: !button.disabled && button.getAttribute("aria-disabled") !== "true",
        busy: button.getAttribute("aria-busy") === "true",
      }));
    },
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
    editFromAddress: (event) =>
      page.evaluate(({ name, event }) => (globalThis as unknown as Record<string, { send(e: unknown): void }>)[name]!.send(event), {
        name: uiPathsHook,
        event,
      }),
  };
}

const b = setupBrowser();
const opened = openPathsPage(b, "tests/e2e/exchange/exchange-paths-page.tsx", base);

const { paths } = generatePaths(tradeQuoteMachine, resolveSpec(tradeQuoteMachine, tradeQuoteGraphSpec));
const spec = tradeQuoteUiSpec(poll(10_000));
const target = pageTarget<TicketScreen>({ open: async () => ({ page: opened.page, view: pageScreen(opened.page) }) });

describe("the exchange ticket in Chromium, driven by the tradeQuote machine's generated paths", () => {
  it.each(paths.map((p, i) => [i + 1, p] as const))("scenario %i", (_n, path) => runPathInUi(tradeQuoteMachine, path, target, spec), 60_000);

  it("fails when the screen does not show the state (the countdown's words are checked)", async () => {
    const confirming = paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === "exchange.confirm"))!;
    const wrong: UiSpec<TicketScreen> = {
      ...spec,
      waitFor: poll(300),
      states: { ...spec.states, "ticket.quoted": async (ticket) => void expect(await ticket.shows("Price held for 99 s")).toBe(true) },
    };
    await expect(runPathInUi(tradeQuoteMachine, confirming, target, wrong)).rejects.toThrow(/ticket\.quoted/);
  }, 30_000);

  it("raised no error in the page", () => {
    expect(opened.errors).toEqual([]);
  });
});
