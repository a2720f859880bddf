// @vitest-environment jsdom
// The generated paths of the transfer machine, run through its React view with
// Testing Library: gestures send the events, the screen is checked in every state.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import type { ActorRefFrom } from "xstate";
import { generatePaths } from "../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../tools/statecharts/spec.ts";
import { inProcessTarget, runPathInUi, uiGaps, type UiSpec } from "../../tools/statecharts/ui-harness.ts";
import { TransferView } from "./fixtures/transfer-view.ts";
import { transferGraphSpec, transferMachine } from "./fixtures/transfer.machine.ts";

interface View {
  screen: typeof screen;
  user: UserEvent;
}

const spec: UiSpec<View> = {
  states: {
    idle: ({ screen }) => void screen.getByText("No transfer in progress"),
    editing: ({ screen }, { step }) => {
      screen.getByRole("textbox", { name: "Amount" });
      // A rejected amount stays in editing and says why.
      const rejected = step?.step.kind === "event" && step.step.event.type === "transfer.submit";
      expect(screen.queryByRole("alert")?.textContent ?? null).toBe(rejected ? "Enter an amount above zero" : null);
    },
    sending: ({ screen }) => expect(screen.getByRole("status").textContent).toMatch(/^Sending \d+…$/),
    failed: ({ screen }) => expect(screen.getByRole("alert").textContent).toBe("Transfer failed"),
    sent: ({ screen }) => expect(screen.getByRole("status").textContent).toBe("Sent, receipt r-42"),
  },
  events: {
    "transfer.start": ({ user, screen }) => user.click(screen.getByRole("button", { name: "Start transfer" })),
    "transfer.submit": async ({ user, screen }, event) => {
      const input = screen.getByRole("textbox", { name: "Amount" });
      await user.clear(input);
      await user.type(input, String((event as unknown as { amount: number }).amount));
      await user.click(screen.getByRole("button", { name: "Send" }));
    },
    "transfer.cancel": ({ user, screen }) => user.click(screen.getByRole("button", { name: "Cancel" })),
    "transfer.retry": ({ user, screen }) => user.click(screen.getByRole("button", { name: "Try again" })),
    "transfer.new": ({ user, screen }) => user.click(screen.getByRole("button", { name: "New transfer" })),
  },
  waitFor: (check) => waitFor(check),
};

const target = inProcessTarget<View>(transferMachine, {
  mount: (actor) => {
    render(createElement(TransferView, { actor: actor as ActorRefFrom<typeof transferMachine> }));
    return { screen, user: userEvent.setup() };
  },
  unmount: () => cleanup(),
  act: (fn) => act(fn),
});

const { paths, coverage } = generatePaths(transferMachine, resolveSpec(transferMachine, transferGraphSpec));

afterEach(() => cleanup());

describe("transfer view, driven by the generated paths", () => {
  it("has a screen check for every state and a gesture for every event", () => {
    expect(uiGaps(transferMachine, paths, spec as UiSpec<unknown>)).toEqual({ statesWithoutAssertion: [], eventsWithoutDriver: [] });
    expect(coverage.transitions.uncovered).toEqual([]);
  });

  it.each(paths.map((p, i) => [i + 1, p] as const))("scenario %i", async (_n, path) => {
    await runPathInUi(transferMachine, path, target, spec);
  });

  it("fails when a gesture sends the wrong event", async () => {
    const broken: UiSpec<View> = {
      ...spec,
      events: { ...spec.events, "transfer.retry": ({ user, screen }) => user.click(screen.getByRole("button", { name: "Cancel" })) },
    };
    const retrying = paths.find((p) => p.steps.some((s) => s.step.kind === "event" && s.step.event.type === "transfer.retry"))!;
    await expect(runPathInUi(transferMachine, retrying, target, { ...broken, waitFor: undefined })).rejects.toThrow(
      /expected the machine in sending, it is in idle/,
    );
  });

  it("fails when the screen does not show what the state promises", async () => {
    const wrong: UiSpec<View> = { ...spec, states: { ...spec.states, sent: ({ screen }) => void screen.getByText("Money arrived") }, waitFor: undefined };
    const toSent = paths.find((p) => p.steps.some((s) => s.value === "sent"))!;
    await expect(runPathInUi(transferMachine, toSent, target, wrong)).rejects.toThrow(/screen check for state transfer.sent failed/);
  });
});
