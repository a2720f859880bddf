import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

// jsdom applies no media queries: the sidebar and the phone's bottom bar are both in the page, so
// every query here starts from the bottom bar (the "Main" navigation).
const bottomBar = () => screen.getByRole("navigation", { name: "Main" });
const accountTab = () => within(bottomBar()).getByRole("button", { name: "Account" });

const pages: { name: string; heading?: string; path: string; account: boolean }[] = [
  { name: "Market", path: "/market", account: false },
  // Trading is one tap away: the Exchange (Buy held this place while buying was the only trade).
  { name: "Exchange", path: "/exchange", account: false },
  { name: "Portfolio", path: "/portfolio", account: false },
  { name: "Profile", path: "/profile", account: true },
  { name: "Identity verification", path: "/kyc", account: true },
  { name: "Withdrawals", path: "/withdrawals", account: true },
  { name: "Transaction history", path: "/history", account: true },
  { name: "Dashboard", path: "/dashboard", account: false },
];

describe("the phone's bottom bar", { timeout: 20_000 }, () => {
  it("reaches every signed-in page and marks the one open, the Account tab included", async () => {
    const user = userEvent.setup();
    // Not on one of the addresses the bar links to: focus moves only after a change of address.
    const { memory } = await renderApp("/buy", { user: storedUser });
    await screen.findByRole("heading", { level: 1, name: "Buy crypto" }, { timeout: 10_000 });
    for (const page of pages) {
      if (page.account) {
        await user.click(accountTab());
        expect(accountTab()).toHaveAttribute("aria-expanded", "true");
      }
      await user.click(within(bottomBar()).getByRole("link", { name: page.name }));
      await waitFor(() => expect(memory.history?.at(-1)?.split("?")[0]).toBe(page.path));
      const heading = await screen.findByRole("heading", { level: 1, name: page.heading ?? page.name }, { timeout: 10_000 });
      // The sheet closed with the navigation, and focus went to the new page, not back to the tab.
      await waitFor(() => expect(document.activeElement).toBe(heading));
      expect(accountTab()).toHaveAttribute("aria-expanded", "false");
      if (page.account) {
        expect(accountTab()).toHaveAttribute("aria-current", "true");
        await user.click(accountTab());
      } else {
        expect(accountTab()).not.toHaveAttribute("aria-current");
      }
      const current = within(bottomBar())
        .getAllByRole("link")
        .filter((link) => link.getAttribute("aria-current") === "page");
      expect(current.map((link) => link.textContent)).toEqual([page.name]);
      if (page.account) await user.keyboard("{Escape}");
      const sidebar = screen.getByRole("navigation", { name: page.account ? "Account" : "Trading" });
      expect(within(sidebar).getByRole("link", { name: page.name })).toHaveAttribute("aria-current", "page");
    }
    // Eight pages, each loaded lazily on first visit.
  }, 60_000);

  it("opens the account sheet by keyboard, moves focus into it, and closes it with Escape back on the tab", async () => {
    const user = userEvent.setup();
    await renderApp("/market", { user: storedUser });
    await screen.findByRole("heading", { level: 1, name: "Market" });
    expect(within(bottomBar()).queryByRole("link", { name: "Profile" })).toBeNull();
    accountTab().focus();
    await user.keyboard("{Enter}");
    expect(accountTab()).toHaveAttribute("aria-expanded", "true");
    const sheet = document.getElementById(accountTab().getAttribute("aria-controls")!)!;
    expect(document.activeElement).toBe(within(sheet).getByRole("link", { name: "Profile" }));
    expect(
      within(sheet)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/profile", "/kyc", "/withdrawals", "/history"]);
    expect(within(sheet).getByText("trader@example.com")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(accountTab()).toHaveAttribute("aria-expanded", "false");
    expect(sheet).not.toBeVisible();
    expect(document.activeElement).toBe(accountTab());
  });

  it("closes the sheet when focus leaves it or on a tap outside, and on the page already open", async () => {
    const user = userEvent.setup();
    const { container, memory } = await renderApp("/profile", { user: storedUser });
    await screen.findByRole("heading", { level: 1, name: "Profile" });
    await user.click(accountTab());
    await user.click(container.querySelector(".account-backdrop")!);
    expect(accountTab()).toHaveAttribute("aria-expanded", "false");
    expect(document.activeElement).toBe(accountTab());

    await user.keyboard("{Enter}");
    expect(accountTab()).toHaveAttribute("aria-expanded", "true");
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(accountTab()).toHaveAttribute("aria-expanded", "false");

    await user.click(accountTab());
    await user.click(within(bottomBar()).getByRole("link", { name: "Profile" }));
    expect(accountTab()).toHaveAttribute("aria-expanded", "false");
    expect(document.activeElement).toBe(accountTab());
    expect(memory.history?.at(-1)).toBe("/profile");
  });

  it("logs out from the account sheet", async () => {
    const user = userEvent.setup();
    const { memory, call } = await renderApp("/withdrawals", { user: storedUser });
    await user.click(accountTab());
    await user.click(within(bottomBar()).getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/"));
    expect(bodiesOf(call, "logout")).toHaveLength(1);
  });

  it("names the tab and the sheet in Arabic", async () => {
    const user = userEvent.setup();
    await renderApp("/kyc", { user: storedUser, locale: "ar" });
    const bar = screen.getByRole("navigation", { name: "الرئيسية" });
    const tab = within(bar).getByRole("button", { name: "الحساب" });
    expect(tab).toHaveAttribute("aria-current", "true");
    await user.click(tab);
    expect(within(bar).getByRole("link", { name: "التحقق من الهوية" })).toHaveAttribute("aria-current", "page");
    expect(within(bar).getByRole("button", { name: "تسجيل الخروج" })).toBeInTheDocument();
  });
});
