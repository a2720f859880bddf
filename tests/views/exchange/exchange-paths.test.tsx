// The tradeQuote machine's generated paths (npm run paths) through the real exchange ticket in
// jsdom: the ticket and its receipt mounted around the driven actor (simulated clock, every call
// settled by the path), a gesture for every event a person performs and a screen check for every
// state (tests/statecharts/exchange-ui-spec.ts, shared with the Chromium run). The balances feed's
// event is the one system event.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnyActorRef } from "xstate";
import { tradeQuoteGraphSpec } from "../../../machines/exchange/tradeQuote.graph-spec.ts";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import { activateLocale, loadCatalog } from "../../../src/shared/i18n/catalogs.ts";
import { generatePaths } from "../../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../../tools/statecharts/spec.ts";
import { inProcessTarget, runPathInUi, uiGaps, type UiSpec } from "../../../tools/statecharts/ui-harness.ts";
import { TicketFixture } from "../../statecharts/exchange-ticket-fixture.tsx";
import { tradeQuoteUiSpec, type TicketScreen } from "../../statecharts/exchange-ui-spec.ts";

const payInput = () => screen.queryByRole("textbox", { name: /You pay/ }) as HTMLInputElement | null;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
    .join(" ");

/** The ticket through Testing Library: roles and labels as a person (and a screen reader) finds them. */
function jsdomScreen(actor: AnyActorRef): TicketScreen {
  return {
    pay: async () => {
      const input = payInput();
      if (!input) return null;
      return { value: input.value, enabled: !input.disabled, invalid: input.getAttribute("aria-invalid") === "true", description: describedBy(input) };
    },
    button: async (name) => {
      const button = screen.queryAllByRole("button", { name })[0];
      if (!button) return null;
      return {
        enabled: !button.hasAttribute("disabled") && button.getAttribute("aria-disabled") !== "true",
        busy: button.getAttribute("aria-busy") === "true",
      };
    },
    shows: async (text) => screen.queryAllByText(text).length > 0,
    alerts: async () => screen.queryAllByRole("alert").map((alert) => alert.textContent ?? ""),
    heading: async (name) => {
      const heading = screen.queryByRole("heading", { name });
      if (!heading) return null;
      return { focused: document.activeElement === heading, section: heading.closest("section")?.textContent ?? "" };
    },
    typePay: async (text) => void fireEvent.change(payInput()!, { target: { value: text } }),
    leavePay: async () => void fireEvent.blur(payInput()!),
    click: async (name) => void fireEvent.click(screen.getByRole("button", { name })),
    editFromAddress: async (event) => void act(() => actor.send(event)),
  };
}

const target = inProcessTarget<TicketScreen>(tradeQuoteMachine, {
  mount(actor: AnyActorRef) {
    render(<TicketFixture actor={actor} />);
    return jsdomScreen(actor);
  },
  unmount: () => cleanup(),
  act: (fn) => act(fn),
});

const spec = tradeQuoteUiSpec((check) => waitFor(check, { timeout: 3000 }));

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

  const quick: UiSpec<TicketScreen> = { ...spec, waitFor: (check) => waitFor(check, { timeout: 300 }) };
  const sending = (type: string) => paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === type))!;

  it("fails when a gesture sends nothing (a press on the disabled Confirm instead of Get a new quote)", async () => {
    const wrong: UiSpec<TicketScreen> = { ...quick, events: { ...spec.events, "exchange.requote": (ticket) => ticket.click(/^Confirm/) } };
    await expect(runPathInUi(tradeQuoteMachine, sending("exchange.requote"), target, wrong)).rejects.toThrow(/exchange\.requote/);
  }, 30_000);

  it("fails when the screen does not show the state (the countdown's words are checked)", async () => {
    const wrong: UiSpec<TicketScreen> = {
      ...quick,
      states: { ...spec.states, "ticket.quoted": async (ticket) => void expect(await ticket.shows("Price held for 99 s")).toBe(true) },
    };
    await expect(runPathInUi(tradeQuoteMachine, sending("exchange.confirm"), target, wrong)).rejects.toThrow(/ticket\.quoted/);
  }, 30_000);
});
