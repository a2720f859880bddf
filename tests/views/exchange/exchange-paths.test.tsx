// The tradeQuote machine's generated paths (npm run paths) through the real exchange ticket in
// jsdom: the ticket and its receipt mounted around the driven actor (simulated clock, every call
// settled by the path), a gesture for every event a person performs and a screen check for every
// state. The balances feed's event is the one system event.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnyActorRef } from "xstate";
import { list } from "../../../machines/market/market.fixtures.ts";
import { tradeQuoteGraphSpec } from "../../../machines/exchange/tradeQuote.graph-spec.ts";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import { TicketOrReceipt } from "../../../src/features/exchange/components/TicketOrReceipt.tsx";
import type { TradeQuoteRef } from "../../../src/features/exchange/hooks.ts";
import { readTicketQuery } from "../../../src/features/exchange/lib/ticketQuery.ts";
import { activateLocale, loadCatalog } from "../../../src/shared/i18n/catalogs.ts";
import { generatePaths } from "../../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../../tools/statecharts/spec.ts";
import { inProcessTarget, runPathInUi, uiGaps, type UiSpec } from "../../../tools/statecharts/ui-harness.ts";

/** The screen, and the actor: an edit on the receipt comes from the address (Back, a link), sent as the page does. */
type View = typeof screen & { actor: AnyActorRef };
const decimals = (asset: string) => (asset === "USD" ? 2 : 8);
const pay = () => screen.getByRole("textbox", { name: /You pay/ });
const confirmButton = () => screen.queryByRole("button", { name: /^Confirm: buy BTC$|^Trading…$/ });
const alertText = () => screen.queryAllByRole("alert").map((alert) => alert.textContent ?? "");
const hasAlert = (text: string) => expect(alertText().some((shown) => shown.includes(text))).toBe(true);
const cannotConfirm = () => {
  const button = confirmButton();
  expect(button === null || button.hasAttribute("disabled") || button.getAttribute("aria-disabled") === "true").toBe(true);
};

const target = inProcessTarget<View>(tradeQuoteMachine, {
  mount(actor: AnyActorRef) {
    const { hook, searchHook } = memoryLocation({ path: "/exchange?curr=USD&symbol=BTC" });
    render(
      <I18nProvider i18n={i18n}>
        <Router hook={hook} searchHook={searchHook}>
          <TicketOrReceipt
            actor={actor as TradeQuoteRef}
            list={list}
            query={readTicketQuery("?curr=USD&symbol=BTC")}
            available={{ asset: "USD", value: "500.00" }}
            decimals={decimals}
            onQuery={() => {}}
          />
        </Router>
      </I18nProvider>,
    );
    return Object.assign(Object.create(screen) as typeof screen, { actor });
  },
  unmount: () => cleanup(),
  act: (fn) => act(fn),
});

const nothing = () => {};
const spec: UiSpec<View> = {
  states: {
    ticket: nothing,
    "ticket.editing": () => void expect(pay()).toBeEnabled(),
    // Passed through at once: never on screen by itself.
    "ticket.editing.validating": nothing,
    "ticket.editing.idle": () => {
      expect(pay()).toHaveValue("");
      screen.getByText("Enter an amount on either side to see a quote.");
      cannotConfirm();
    },
    "ticket.editing.debouncing": () => cannotConfirm(),
    "ticket.editing.invalid": () => {
      expect(pay()).toHaveAttribute("aria-invalid", "true");
      expect(pay()).toHaveAccessibleDescription(/decimal places|more than you have|at least|at most/);
      cannotConfirm();
    },
    "ticket.quoting": () => cannotConfirm(),
    "ticket.quoted": (view) => {
      expect(view.getByRole("button", { name: "Confirm: buy BTC" })).toBeEnabled();
      view.getByText(/^Price held for \d+ s$/);
    },
    "ticket.refreshing": (view) => {
      view.getByText("Refreshing the quote…");
      cannotConfirm();
    },
    "ticket.worse": (view) => {
      hasAlert("The price moved against you: you would now receive 0.00101500 BTC instead of 0.00102603 BTC.");
      expect(view.getByRole("button", { name: "Accept the new price" })).toBeEnabled();
      cannotConfirm();
    },
    "ticket.expired": (view) => {
      hasAlert("This quote");
      expect(view.getByRole("button", { name: "Get a new quote" })).toBeEnabled();
      cannotConfirm();
    },
    "ticket.unanswered": (view) => {
      hasAlert("We did not hear back about this trade");
      expect(view.getByRole("button", { name: "Confirm: buy BTC" })).toBeEnabled();
    },
    "ticket.failed": (view) => void view.getByRole("button", { name: "Get a new quote" }),
    "ticket.failed.insufficientBalance": () => hasAlert("Your available balance is not enough for this trade"),
    "ticket.failed.houseCannotFill": () => hasAlert("We cannot fill a trade of this size"),
    "ticket.failed.priceMoved": () => hasAlert("The price moved too much since this quote was made"),
    "ticket.failed.pricesStale": () => hasAlert("Prices are out of date right now"),
    "ticket.failed.debtOutstanding": () => hasAlert("You owe us some of this asset"),
    "ticket.failed.unreachable": () => hasAlert("We could not reach Sarraf"),
    accepting: (view) => void expect(view.getByRole("button", { name: "Trading…" })).toHaveAttribute("aria-busy", "true"),
    done: (view) => {
      const heading = view.getByRole("heading", { name: "Bought 0.00102603 BTC" });
      expect(heading).toHaveFocus();
      within(heading.closest("section")!).getByText("Executed exactly as quoted.");
    },
  },
  events: {
    "exchange.edit": (view, event) => {
      // On the receipt no field is shown: the page's address hook sends the edit (useAddressedForm).
      if (!screen.queryByRole("textbox", { name: /You pay/ })) return void act(() => view.actor.send(event));
      const { amount } = (event as unknown as { changes: { amount: string } }).changes;
      // The same text again is no change to the field: another first, as a person retyping it.
      if (pay().getAttribute("value") === amount || (pay() as HTMLInputElement).value === amount) fireEvent.change(pay(), { target: { value: `${amount}9` } });
      fireEvent.change(pay(), { target: { value: amount } });
    },
    "exchange.blur": () => void fireEvent.blur(pay()),
    "exchange.confirm": (view) => void fireEvent.click(view.getByRole("button", { name: "Confirm: buy BTC" })),
    "exchange.acceptWorse": (view) => void fireEvent.click(view.getByRole("button", { name: "Accept the new price" })),
    "exchange.requote": (view) => void fireEvent.click(view.getByRole("button", { name: "Get a new quote" })),
    "exchange.again": (view) => void fireEvent.click(view.getByRole("button", { name: "Trade again" })),
  },
  system: ["exchange.balance"],
  waitFor: (check) => waitFor(check, { timeout: 3000 }),
};

const { paths, coverage } = generatePaths(tradeQuoteMachine, resolveSpec(tradeQuoteMachine, tradeQuoteGraphSpec));

beforeAll(async () => {
  await loadCatalog("en");
  activateLocale("en");
});
afterEach(() => cleanup());

describe("the exchange ticket, driven by the tradeQuote machine's generated paths", () => {
  it("has a screen check for every state and a gesture or system edge for every event", () => {
    expect(uiGaps(tradeQuoteMachine, paths, spec as UiSpec<unknown>)).toEqual({ statesWithoutAssertion: [], eventsWithoutDriver: [] });
    expect(coverage.transitions.uncovered).toEqual([]);
  });

  it.each(paths.map((p, i) => [i + 1, p] as const))("scenario %i", async (_n, path) => runPathInUi(tradeQuoteMachine, path, target, spec), 60_000);

  const quick: UiSpec<View> = { ...spec, waitFor: (check) => waitFor(check, { timeout: 300 }) };
  const sending = (type: string) => paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === type))!;

  it("fails when a gesture sends nothing (a press on the disabled Confirm instead of Get a new quote)", async () => {
    const wrong: UiSpec<View> = {
      ...quick,
      events: { ...spec.events, "exchange.requote": (view) => void fireEvent.click(view.getByRole("button", { name: /^Confirm/ })) },
    };
    await expect(runPathInUi(tradeQuoteMachine, sending("exchange.requote"), target, wrong)).rejects.toThrow(/exchange\.requote/);
  }, 30_000);

  it("fails when the screen does not show the state (the countdown's words are checked)", async () => {
    const wrong: UiSpec<View> = { ...quick, states: { ...spec.states, "ticket.quoted": (view) => void view.getByText("Price held for 99 s") } };
    await expect(runPathInUi(tradeQuoteMachine, sending("exchange.confirm"), target, wrong)).rejects.toThrow(/ticket\.quoted/);
  }, 30_000);
});
