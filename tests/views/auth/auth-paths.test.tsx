// The auth machine's generated paths (npm run paths) through the real auth screens in jsdom, with
// Testing Library: the whole app around the driven auth actor (tests/statecharts/auth-ui-world.ts),
// a gesture for every event a person performs and a screen check for every state
// (tests/statecharts/auth-ui-spec.ts). The same spec runs in Chromium: tests/e2e/auth/auth-paths.test.ts.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigate } from "wouter/use-browser-location";
import { afterEach, describe, expect, it } from "vitest";
import { authGraphSpec } from "../../../machines/auth/auth.graph-spec.ts";
import { authMachine } from "../../../machines/auth/auth.machine.ts";
import type { AuthInput } from "../../../machines/auth/auth.types.ts";
import { memoryStore } from "../../../src/shared/adapters/storage.ts";
import { chartOf } from "../../../tools/statecharts/model.ts";
import { generatePaths } from "../../../tools/statecharts/paths.ts";
import { resolveSpec } from "../../../tools/statecharts/spec.ts";
import { inProcessTarget, runPathInUi, uiGaps, type UiSpec } from "../../../tools/statecharts/ui-harness.ts";
import { authUiSpec, systemEvents, type AuthScreen } from "../../statecharts/auth-ui-spec.ts";
import { authWorld, type AuthWorld } from "../../statecharts/auth-ui-world.ts";

const wait = { timeout: 5000 };

// Role queries that skip Testing Library's visibility check (a computed style per ancestor, the
// slow part in jsdom): what is hidden here is hidden by attribute.
const shown = (element: Element) => !element.closest("[hidden], [aria-hidden='true']");
const buttons = (name?: string | RegExp) => screen.queryAllByRole("button", { hidden: true, ...(name === undefined ? {} : { name }) }).filter(shown);

/** The screen through Testing Library: roles and labels as a person (and a screen reader) finds them. */
function domScreen(world: AuthWorld): AuthScreen {
  const user = userEvent.setup({ delay: null });
  const input = (label: string) => screen.queryAllByLabelText(label, { selector: "input" }).filter(shown)[0] as HTMLInputElement | undefined;
  const description = (element: Element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
      .join(" ");
  const found = <T,>(find: () => T | undefined, what: string) =>
    waitFor(() => {
      const element = find();
      if (!element) throw new Error(`no ${what} on screen`);
      return element;
    }, wait);
  return {
    location: async () => location.pathname + location.search + location.hash,
    async open(path) {
      act(() => navigate(path));
      await found(() => document.querySelector("main h1") ?? undefined, "page heading");
    },
    heading: async () => document.querySelector("main h1")?.textContent ?? null,
    busy: async () => [...new Set([...document.querySelectorAll("button[aria-busy='true']")].filter(shown).map((button) => button.textContent!.trim()))],
    errors: async () => [...document.querySelectorAll("[role=alert], .field-error")].filter(shown).map((element) => element.textContent ?? ""),
    messages: async (since) => world.messages(since),
    async field(label) {
      const field = input(label);
      return field ? { value: field.value, description: description(field) } : null;
    },
    async button(name) {
      const button = buttons(name)[0] as HTMLButtonElement | undefined;
      return button ? { enabled: !button.disabled, pressed: button.getAttribute("aria-pressed") === "true" } : null;
    },
    async fill(label, value) {
      const field = await found(() => input(label), `field "${label}"`);
      await user.clear(field);
      if (value) await user.type(field, value);
    },
    async tick(name) {
      const box = (await found(() => screen.queryAllByRole("checkbox", { hidden: true, name }).filter(shown)[0], `checkbox ${name}`)) as HTMLInputElement;
      if (!box.checked) await user.click(box);
    },
    async click(name) {
      await user.click(await found(() => buttons(name)[0], `button ${name}`));
    },
    wait: async (seconds) => act(() => world.elapse(seconds)),
    otherTab: async (user) => act(() => world.otherTab(user)),
  };
}

let current: { world: AuthWorld; stop?: () => void } | undefined;

const target = inProcessTarget<AuthScreen>(
  (path) => {
    current = { world: authWorld(path.input as AuthInput, { store: memoryStore(), session: memoryStore() }) };
    return current.world.machine;
  },
  {
    async mount(actor) {
      const app = current!.world.compose(actor);
      current!.stop = app.stop;
      render(app.element);
      // The first catalog and the page's chunk load asynchronously (slowly the first time a test run transforms them).
      await waitFor(() => expect(document.querySelector("main h1")).not.toBeNull(), { timeout: 30_000 });
      return domScreen(current!.world);
    },
    async unmount() {
      cleanup();
      current?.stop?.();
      // Toasts live in their library's store, beyond the unmounted app: the next path starts with none.
      await import("react-hot-toast").then(({ default: toasts }) => toasts.remove());
    },
    act: (fn) => act(fn),
  },
);

// Patient: a redirect may load a page's chunk for the first time.
const spec: UiSpec<AuthScreen> = { ...authUiSpec, waitFor: (check) => waitFor(check, { timeout: 10_000 }) };
const { paths, coverage } = generatePaths(authMachine, resolveSpec(authMachine, authGraphSpec));

afterEach(() => cleanup());

describe("the auth screens, driven by the auth machine's generated paths", () => {
  it("has a screen check for every state and a gesture or system edge for every event", () => {
    expect(uiGaps(authMachine, paths, spec as UiSpec<unknown>)).toEqual({ statesWithoutAssertion: [], eventsWithoutDriver: [] });
    expect(coverage.transitions.uncovered).toEqual([]);
  });

  it("takes every transition of sign-up, verification, code login, password reset and social sign-in by a gesture or its call's answer", () => {
    // The signed-out forms' transitions, the return address and the dismissal a page sends.
    const flows = chartOf(authMachine)
      .transitions.map((t) => t.id)
      .filter((id) => id.startsWith("auth.unauthenticated.") || id === "auth.unauthenticated auth.returnTo#0" || id === "auth auth.dismiss#0");
    const system: readonly string[] = systemEvents;
    const byPerson = new Set(
      paths.flatMap((p) => p.steps.filter(({ step }) => step.kind !== "event" || !system.includes(step.event.type)).flatMap((s) => s.fired)),
    );
    expect(flows.length).toBeGreaterThan(30);
    expect(flows.filter((id) => !byPerson.has(id))).toEqual([]);
  });

  it.each(paths.map((p, i) => [i + 1, p] as const))(
    "scenario %i",
    async (_n, path) => {
      await runPathInUi(authMachine, path, target, spec);
    },
    60_000,
  );

  const quick: UiSpec<AuthScreen> = { ...spec, waitFor: (check) => waitFor(check, { timeout: 300 }) };
  const sending = (type: string) => paths.find((p) => p.steps.some(({ step }) => step.kind === "event" && step.event.type === type))!;

  it("fails when a gesture sends nothing, though the state would not change (a self-transition)", async () => {
    // Choosing the e-mail code tab instead of "Use another e-mail": still idle, but auth.cancelCode was never sent.
    const wrong: UiSpec<AuthScreen> = { ...quick, events: { ...spec.events, "auth.cancelCode": (s) => s.click("E-mail code") } };
    await expect(runPathInUi(authMachine, sending("auth.cancelCode"), target, wrong)).rejects.toThrow(/auth\.cancelCode.*the UI did not send it/);
  }, 30_000);

  it("fails when a gesture sends the event with another payload", async () => {
    // Apple instead of Google: the same state, the wrong provider.
    const wrong: UiSpec<AuthScreen> = {
      ...quick,
      events: { ...spec.events, "auth.social": (s, e) => spec.events["auth.social"]!(s, { ...e, provider: "apple" } as typeof e) },
    };
    await expect(runPathInUi(authMachine, sending("auth.social"), target, wrong)).rejects.toThrow(/auth\.social.*the UI did not send it/);
  }, 30_000);
});
