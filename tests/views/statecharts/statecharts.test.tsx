import { describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import { renderApp } from "../renderApp.tsx";

const activeIn = (machine: string) =>
  [...document.querySelectorAll(`svg[data-machine="${machine}"] .sc-state.sc-active`)].map((node) => node.getAttribute("data-state-id"));

describe("statecharts viewer", () => {
  it("lists every machine, draws it, and highlights the running actors' states live", async () => {
    const { actors } = await renderApp("/statecharts");
    // Every machine file, as the viewer finds them.
    const names = Object.keys(import.meta.glob("../../../machines/**/*.machine.ts")).map((file) => file.split("/").pop()!.replace(".machine.ts", ""));
    expect(names).toContain("auth");
    for (const machine of names) {
      // The viewer page and its machines load lazily: on a loaded machine that takes more than the default second.
      expect(await screen.findByRole("heading", { level: 2, name: machine }, { timeout: 15_000 })).toBeInTheDocument();
    }
    await waitFor(() => expect(document.querySelectorAll("svg.statechart")).toHaveLength(names.length), { timeout: 30_000 });
    await waitFor(() => expect(activeIn("auth")).toEqual(["auth", "auth.unauthenticated", "auth.unauthenticated.idle"]));
    await waitFor(() => expect(activeIn("locale")).toContain("locale.ready"));

    act(() => actors.auth.send({ type: "auth.storageChanged", user: { Token: "from-another-tab" } }));
    await waitFor(() => expect(activeIn("auth")).toContain("auth.authenticated"));
    const log = screen.getByRole("table");
    expect(within(log).getAllByText("auth.storageChanged").length).toBeGreaterThan(0);
  }, 60_000);
});
