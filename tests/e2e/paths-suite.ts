// What every "generated paths through a real screen in Chromium" file shares: the screen's controls
// read as a person finds them (roles and labels, only what is visible), an event sent straight to
// the driven actor where no control can send it, and the suite itself — every path, one that must
// fail when the screen does not show its state, and no error raised in the page.
import type { Locator, Page } from "playwright-core";
import type { AnyStateMachine } from "xstate";
import { describe, expect, it } from "vitest";
import { generatePaths } from "../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../tools/statecharts/spec.ts";
import { pageTarget, poll, runPathInUi, type UiSpec } from "../../tools/statecharts/ui-harness.ts";
import { uiPathsHook } from "../../tools/statecharts/ui-page.ts";
import { setupBrowser } from "./browser.ts";
import { openPathsPage, type PathsEntry } from "./paths-page.ts";

/** The first visible match, or null. */
export const present = async (locator: Locator) => ((await locator.count()) === 0 ? null : locator.first());

/** Visible buttons by their accessible name (a string is matched exactly). */
export const buttonsOf = (page: Page) => (name: string | RegExp) =>
  page.getByRole("button", { name, exact: typeof name === "string" }).filter({ visible: true });

/** A text field's state as the harness checks it: value, whether it takes input, and what describes it. */
export async function fieldState(locator: Locator) {
  const input = await present(locator);
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
}

/** A button's state as the harness checks it. */
export async function buttonState(locator: Locator) {
  const button = await present(locator);
  if (!button) return null;
  return button.evaluate((button: HTMLButtonElement) => ({
    enabled: !button.matches(":disabled") && button.getAttribute("aria-disabled") !== "true",
    busy: button.getAttribute("aria-busy") === "true",
  }));
}

/** Sends an event straight to the driven actor (through the page's ui-paths hook). */
export const sendStraight = (page: Page) => (event: unknown) =>
  page.evaluate(({ name, event }) => (globalThis as unknown as Record<string, { send(e: unknown): void }>)[name]!.send(event), {
    name: uiPathsHook,
    event,
  });

export interface PathsSuite<TView> {
  title: string;
  machine: AnyStateMachine;
  graphSpec: Parameters<typeof resolveSpec>[1];
  /** The spec of the jsdom run, given how long to wait for the screen. */
  uiSpec: (waitFor: ReturnType<typeof poll>) => UiSpec<TView>;
  /** The test page's entry (from the project root). */
  entry: PathsEntry;
  screen: (page: Page) => TView;
  /** A check that must fail: on the first path with `event`, `state` is checked for something the screen does not show. */
  mustFail: { what: string; event: string; state: string; check: (view: TView) => Promise<void> };
}

/** Every generated path of the machine through its real screen in Chromium. */
export function describeGeneratedPaths<TView>(suite: PathsSuite<TView>): void {
  const b = setupBrowser();
  const opened = openPathsPage(b, suite.entry);
  const { paths } = generatePaths(suite.machine, resolveSpec(suite.machine, suite.graphSpec));
  const spec = suite.uiSpec(poll(10_000));
  const target = pageTarget<TView>({ open: async () => ({ page: opened.page, view: suite.screen(opened.page) }) });

  describe(suite.title, () => {
    it.each(paths.map((p, i) => [i + 1, p] as const))("scenario %i", (_n, path) => runPathInUi(suite.machine, path, target, spec), 60_000);

    it(`fails when the screen does not show the state (${suite.mustFail.what})`, async () => {
      const { event, state, check } = suite.mustFail;
      const path = paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === event))!;
      const wrong: UiSpec<TView> = { ...spec, waitFor: poll(300), states: { ...spec.states, [state]: check } };
      await expect(runPathInUi(suite.machine, path, target, wrong)).rejects.toThrow(new RegExp(state.replace(".", "\\.")));
    }, 30_000);

    it("raised no error in the page", () => {
      expect(opened.errors).toEqual([]);
    });
  });
}
