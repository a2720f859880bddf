// The buyOrder machine's generated paths (npm run paths) through the real Buy page view in jsdom:
// the form, the offered order and the order panel mounted around the driven actor (simulated
// clock, every call settled by the path), a gesture for every event a person performs and a
// screen check for every state (tests/statecharts/buy-ui-spec.ts, shared with the Chromium run).
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AnyActorRef, EventObject } from "xstate";
import { buyOrderGraphSpec } from "../../../machines/onramp/buyOrder.graph-spec.ts";
import { buyOrderMachine } from "../../../machines/onramp/buyOrder.machine.ts";
import { activateLocale, loadCatalog } from "../../../src/shared/i18n/catalogs.ts";
import { generatePaths } from "../../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../../tools/statecharts/spec.ts";
import { inProcessTarget, runPathInUi, uiGaps, type UiSpec } from "../../../tools/statecharts/ui-harness.ts";
import { BuyFixture, buyPathsMachine, fakePaymentWindow, fakePressKeys, type FakePaymentWindow } from "../../statecharts/buy-order-fixture.tsx";
import { buyOrderUiSpec, straightEvents, type BuyScreen } from "../../statecharts/buy-ui-spec.ts";

const amountInput = () => screen.queryByRole("textbox", { name: /^You pay|^You receive/ }) as HTMLInputElement | null;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
    .join(" ");

/** The Buy page through Testing Library: roles and labels as a person (and a screen reader) finds them. */
function jsdomScreen(actor: AnyActorRef, payment: FakePaymentWindow, sentStraight: EventObject[]): BuyScreen {
  const buttons = (name: string | RegExp) => screen.queryAllByRole("button", { name });
  return {
    amount: async () => {
      const input = amountInput();
      if (!input) return null;
      return {
        value: input.value,
        enabled: !input.disabled && input.closest("fieldset[disabled]") === null,
        invalid: input.getAttribute("aria-invalid") === "true",
        description: describedBy(input),
      };
    },
    button: async (name) => {
      const button = buttons(name)[0];
      if (!button) return null;
      return { enabled: !button.matches(":disabled") && button.getAttribute("aria-disabled") !== "true", busy: button.getAttribute("aria-busy") === "true" };
    },
    link: async (name) => screen.queryAllByRole("link", { name }).length > 0,
    heading: async (name) => screen.queryAllByRole("heading", { name }).length > 0,
    shows: async (text) => screen.queryAllByText(text).length > 0,
    alerts: async () => screen.queryAllByRole("alert").map((alert) => alert.textContent ?? ""),
    quote: async () => {
      const region = screen.queryByRole("region", { name: "Quote" });
      return region ? { busy: region.getAttribute("aria-busy") === "true" } : null;
    },
    typeAmount: async (text) => void fireEvent.change(amountInput()!, { target: { value: text } }),
    leaveAmount: async () => void fireEvent.blur(amountInput()!),
    click: async (name) => void fireEvent.click(buttons(name)[0]!),
    refusePopups: async () => payment.refuseNext(),
    sendStraight: async (event) => {
      sentStraight.push(event);
      act(() => actor.send(event));
    },
  };
}

let payment = fakePaymentWindow();
const sentStraight: EventObject[] = [];
const target = inProcessTarget<BuyScreen>(
  () => {
    payment = fakePaymentWindow();
    return buyPathsMachine(payment.window);
  },
  {
    mount(actor: AnyActorRef) {
      render(<BuyFixture actor={actor} />);
      return jsdomScreen(actor, payment, sentStraight);
    },
    unmount: () => cleanup(),
    act: (fn) => act(fn),
  },
);

const spec = buyOrderUiSpec((check) => waitFor(check, { timeout: 3000 }));
const { paths, coverage } = generatePaths(buyOrderMachine, resolveSpec(buyOrderMachine, buyOrderGraphSpec));

let restoreKeys = () => {};
beforeAll(async () => {
  await loadCatalog("en");
  activateLocale("en");
  restoreKeys = fakePressKeys();
});
afterAll(() => restoreKeys());
afterEach(() => cleanup());

// In order even under --sequence.shuffle: the check of what was sent straight reads what the scenarios before it sent.
describe("the Buy page, driven by the buyOrder machine's generated paths", { shuffle: false }, () => {
  it("covers every state and transition, with a screen check for every state and a gesture or system edge for every event", () => {
    expect(coverage.states.uncovered).toEqual([]);
    expect(coverage.transitions.uncovered).toEqual([]);
    expect(coverage.guardBranches.uncovered).toEqual([]);
    expect(uiGaps(buyOrderMachine, paths, spec as UiSpec<unknown>)).toEqual({ statesWithoutAssertion: [], eventsWithoutDriver: [] });
  });

  it.each(paths.map((p, i) => [i + 1, p] as const))("scenario %i", async (_n, path) => runPathInUi(buyOrderMachine, path, target, spec), 60_000);

  it("sends straight only what no control offers: Continue paying and Cancel that order with no order offered", () => {
    expect([...new Set(sentStraight.map((event) => event.type))].sort()).toEqual([...straightEvents].sort());
  });

  const quick: UiSpec<BuyScreen> = { ...spec, waitFor: (check) => waitFor(check, { timeout: 300 }) };
  const sending = (type: string) => paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === type))!;

  it("fails when a gesture sends nothing (a press on the disabled Pay by card instead of Try again)", async () => {
    const wrong: UiSpec<BuyScreen> = { ...quick, events: { ...spec.events, "buy.retry": (page) => page.click("Pay by card") } };
    await expect(runPathInUi(buyOrderMachine, sending("buy.retry"), target, wrong)).rejects.toThrow(/buy\.retry/);
  }, 30_000);

  it("fails when the screen does not show the state (the quote's figures are checked)", async () => {
    const wrong: UiSpec<BuyScreen> = {
      ...quick,
      states: { ...spec.states, "editing.quoted": async (page) => void expect(await page.shows("0.00999 BTC")).toBe(true) },
    };
    await expect(runPathInUi(buyOrderMachine, sending("buy.pay"), target, wrong)).rejects.toThrow(/editing\.quoted/);
  }, 30_000);
});
