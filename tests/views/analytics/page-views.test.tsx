// Page views through the real router and layouts (issue 28): one per route change, none for the
// route a layout redirects away from.
import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { memoryLocation } from "wouter/memory-location";
import type { PageView } from "../../../contract/analytics.ts";
import { createPageViewTracker, installPageViewTracker } from "../../../src/features/analytics/index.ts";
import { renderApp } from "../renderApp.tsx";

/**
 * Installs a tracker recording into a list, reading the address from the app's own location: the
 * first view can be recorded before renderApp returns (at once when an earlier file in the worker
 * has loaded the page's chunk), so a copy of the address taken after it would be stale.
 */
function recordViews(memory: ReturnType<typeof memoryLocation>) {
  const recorded: PageView[] = [];
  installPageViewTracker(
    createPageViewTracker({
      sink: { record: (view) => recorded.push(view) },
      currentAddress: () => memory.history!.at(-1)!,
      title: () => document.title,
      locale: () => "en",
      afterPaint: (work) => {
        const timer = setTimeout(work, 0);
        return () => clearTimeout(timer);
      },
      globalPrivacyControl: () => false,
      referrer: "",
      origin: "http://localhost",
    }),
  );
  return recorded;
}

afterEach(() => installPageViewTracker(null));

describe("page views", () => {
  it("records the first page and each route change once", async () => {
    const memory = memoryLocation({ path: "/", record: true });
    const recorded = recordViews(memory);
    await renderApp("/", { memory });
    await waitFor(() => expect(recorded.map((view) => view.path)).toEqual(["/"]));
    for (const to of ["/terms", "/privacy", "/risk-disclosure"]) {
      act(() => memory.navigate(to));
      await waitFor(() => expect(recorded.at(-1)?.path).toBe(to));
    }
    expect(recorded.map((view) => view.path)).toEqual(["/", "/terms", "/privacy", "/risk-disclosure"]);
    expect(recorded[1]).toEqual({ path: "/terms", title: "Terms of Service | Sarraf", locale: "en", referrer: "/" });
  });

  it("records no view for a signed-in page a visitor is redirected away from, only the login page", async () => {
    const memory = memoryLocation({ path: "/portfolio", record: true });
    const recorded = recordViews(memory);
    await renderApp("/portfolio", { memory });
    await waitFor(() => expect(recorded.length).toBe(1));
    expect(memory.history!.at(-1)).toMatch(/^\/login\?returnTo=/);
    expect(recorded.map((view) => view.path)).toEqual(["/login"]);
  });
});
