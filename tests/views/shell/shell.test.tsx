import { describe, expect, it } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp, type FakeCalls } from "../renderApp.tsx";

const publicPaths = ["/", "/blog", "/contact"];
const authPaths = ["/login", "/signup", "/verify-email", "/forgot-password", "/reset-password"];
const dashboardPaths = ["/dashboard", "/market", "/exchange", "/portfolio", "/profile", "/kyc", "/withdrawals"];
const partnerPaths = ["/partners", "/partners/tamr-wallet"];

// The content the public pages load (a partner's page is titled by its content).
const tamr = {
  slug: "tamr-wallet",
  language: "en" as const,
  name: "Tamr Wallet",
  summary: "A self-custody wallet.",
  kind: "Wallet",
  website: null,
  logo: { url: "/media/tamr.svg", alt: "Tamr Wallet" },
};
const contentCalls: FakeCalls = {
  partnerList: () => ({ items: [tamr] }),
  partnerPage: () => ({ ...tamr, html: "<p>Hello.</p>", translations: [] }),
};

describe("routes and access rules", () => {
  it.each(dashboardPaths)("sends a visitor from %s to /login, told to come back", async (path) => {
    const { memory } = await renderApp(path);
    await waitFor(() => expect(memory.history?.at(-1)).toBe(`/login?returnTo=${encodeURIComponent(path)}`));
    expect(await screen.findByText("Log in to open that page. We will take you back to it.")).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Log in | Sarraf"));
  });

  it.each(authPaths)("sends a signed-in user from %s to /dashboard", async (path) => {
    const { memory } = await renderApp(path, { user: storedUser });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeInTheDocument();
  });

  it.each([...publicPaths, ...partnerPaths])("shows %s to visitors and signed-in users alike", async (path) => {
    for (const user of [null, storedUser]) {
      const { memory, unmount } = await renderApp(path, { user, calls: contentCalls });
      expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
      expect(memory.history?.at(-1)).toBe(path);
      unmount();
    }
  });

  it("offers a visitor sign-up and log-in on the home page, and a signed-in user the way into the app instead", async () => {
    const visitor = await renderApp("/");
    const hero = () => screen.getByRole("heading", { level: 1 }).closest("section")!;
    await screen.findByRole("heading", { level: 1 });
    expect(within(hero()).getByRole("link", { name: "Create a free account" })).toHaveAttribute("href", "/signup");
    expect(within(hero()).getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    visitor.unmount();

    await renderApp("/", { user: storedUser });
    await screen.findByRole("heading", { level: 1 });
    expect(within(hero()).getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(within(hero()).queryByRole("link", { name: "Create a free account" })).toBeNull();
    expect(within(hero()).queryByRole("link", { name: "Log in" })).toBeNull();
  });

  it("starts every page with a skip link to the main content, and moves focus to the new page's heading after a route change", async () => {
    const user = userEvent.setup();
    await renderApp("/");
    await screen.findByRole("heading", { level: 1 });
    // The first page keeps the browser's focus.
    expect(document.activeElement).toBe(document.body);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Skip to main content" }));
    await user.keyboard("{Enter}");
    expect(document.activeElement).toBe(document.getElementById("main"));

    await user.click(screen.getAllByRole("link", { name: "Log in" })[0]!);
    const heading = await screen.findByRole("heading", { level: 1, name: "Log in" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("names KYC the same in the sidebar and on its page", async () => {
    await renderApp("/kyc", { user: storedUser });
    const nav = await screen.findByRole("navigation", { name: "Account" });
    expect(within(nav).getByRole("link", { name: "Identity verification" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByRole("heading", { level: 1, name: "Identity verification" })).toBeInTheDocument();
  });

  it("shows a not-found page for unknown paths", async () => {
    await renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("Page not found | Sarraf"));
  });
});

describe("dashboard layout", () => {
  it("links the sidebar's Exchange to the default pair and marks the current page", async () => {
    await renderApp("/market", { user: storedUser });
    const trading = (await screen.findAllByRole("navigation", { name: "Trading" }))[0]!;
    expect(within(trading).getByRole("link", { name: "Exchange" })).toHaveAttribute("href", "/exchange?curr=USD&symbol=BTC");
    expect(within(trading).getByRole("link", { name: "Market" })).toHaveAttribute("aria-current", "page");
  });

  it("shows the pair from the URL, and a clear error for a malformed one", async () => {
    const { unmount } = await renderApp("/exchange?curr=USD&symbol=ETH", { user: storedUser });
    // The exchange page is a chunk of its own, loaded on first visit: jsdom takes a while on a busy machine.
    expect(await screen.findByText("ETH / USD", {}, { timeout: 10_000 })).toBeInTheDocument();
    unmount();
    await renderApp("/exchange?symbol=%3Cscript%3E", { user: storedUser });
    expect(await screen.findByRole("alert")).toHaveTextContent("That currency pair is not valid");
  });

  it("logs out from the sidebar: calls the server, clears storage and goes home", async () => {
    const { memory, call, store } = await renderApp("/dashboard", { user: storedUser });
    // jsdom applies no media queries: the sidebar's button comes first, the phone header's second.
    await userEvent.click(screen.getAllByRole("button", { name: "Log out" })[0]!);
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/"));
    expect(bodiesOf(call, "logout")).toHaveLength(1);
    expect(store.getItem("authUser")).toBeNull();
    expect((await screen.findAllByRole("link", { name: "Log in" })).length).toBeGreaterThan(0);
  });

  it("goes to /login when the session is rejected (401), to come back to the signed-in page after", async () => {
    const { memory, actors, store } = await renderApp("/exchange?curr=EUR&symbol=ETH", { user: storedUser });
    act(() => actors.auth.send({ type: "auth.unauthorized" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe(`/login?returnTo=${encodeURIComponent("/exchange?curr=EUR&symbol=ETH")}`));
    expect(store.getItem("authUser")).toBeNull();
  });

  it("goes to plain /login when the session is rejected on a page anyone may open", async () => {
    const { memory, actors } = await renderApp("/blog", { user: storedUser });
    act(() => actors.auth.send({ type: "auth.unauthorized" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/login"));
  });
});

describe("languages", () => {
  it("renders Arabic right-to-left with translated titles", async () => {
    await renderApp("/dashboard", { user: storedUser, locale: "ar" });
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(document.documentElement).toHaveAttribute("lang", "ar");
    expect(await screen.findByRole("heading", { level: 1, name: "لوحة التحكم" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("لوحة التحكم | صرّاف"));
  });

  it("switches language from the header, by keyboard", async () => {
    await renderApp("/");
    const switcher = screen.getByRole("button", { name: "العربية" });
    switcher.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(document.documentElement).toHaveAttribute("dir", "rtl"));
    expect(await screen.findByRole("button", { name: "English" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "تسجيل الدخول" }).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole("button", { name: "English" }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute("dir", "ltr"));
  });
});
