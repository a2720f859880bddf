import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { PushEdge } from "../../../src/features/notifications/services/actors.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { renderApp } from "../renderApp.tsx";

const push = (inspect: PushEdge["inspect"]): PushEdge => ({ inspect, requestPermission: async () => "default", getToken: () => new Promise(() => {}) });
// The profile page loads lazily; the first test waits for its chunk.
const card = async () => within((await screen.findByRole("heading", { name: /Notifications|الإشعارات/ }, { timeout: 10_000 })).closest("section")!);

describe("the notifications card says why push is unavailable", { timeout: 20_000 }, () => {
  it.each([
    ["no Firebase configuration (the embedded default)", { supported: true, configured: false }, "Notifications are not set up on this site yet."],
    [
      "a page served over plain HTTP",
      { supported: false, configured: true, secure: false },
      "Notifications need a secure (HTTPS) connection, and this page was not opened over one.",
    ],
    ["a browser without web push", { supported: false, configured: true, secure: true }, "This browser cannot receive notifications from websites."],
  ] as const)("with %s", async (_name, environment, text) => {
    await renderApp("/profile", { user: storedUser, push: push(async () => ({ ...environment, permission: "default" })) });
    expect(await (await card()).findByText(text)).toBeInTheDocument();
    expect(screen.queryByText("Notifications are not available in this browser.")).toBeNull();
    expect(screen.queryByRole("button", { name: "Enable notifications" })).toBeNull();
  });

  it("when the check itself fails", async () => {
    await renderApp("/profile", { user: storedUser, push: push(() => Promise.reject(new Error("isSupported threw"))) });
    expect(await (await card()).findByText("Could not check whether this browser can show notifications. Reload the page to try again.")).toBeInTheDocument();
  });

  it("in Arabic", async () => {
    await renderApp("/profile", { user: storedUser, locale: "ar", push: push(async () => ({ supported: true, configured: false, permission: "default" })) });
    expect(await (await card()).findByText("لم تُفعَّل الإشعارات على هذا الموقع بعد.")).toBeInTheDocument();
  });
});
