// A demo with play money (production on the sandbox on-ramp on purpose, marked by the server on
// <html>): every page, public and signed-in, says so in the reader's language; nowhere else.
import { afterEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { renderApp } from "../renderApp.tsx";

const EN = /Demo with play money/;
const AR = /عرض تجريبي بأموال وهمية/;

afterEach(() => {
  delete document.documentElement.dataset.playMoney;
});

describe("the play-money banner", () => {
  it.each([
    ["en", "/", null, EN],
    ["en", "/dashboard", storedUser, EN],
    ["ar", "/", null, AR],
    ["ar", "/dashboard", storedUser, AR],
    ["en", "/login", null, EN],
  ] as const)("shows in %s on %s when the server marks the page a demo", async (locale, path, user, text) => {
    document.documentElement.dataset.playMoney = "demo";
    await renderApp(path, { locale, user });
    await screen.findByRole("heading", { level: 1 });
    const banner = screen.getByText(text);
    expect(banner).toHaveAttribute("role", "status");
    expect(banner.closest("main")).toBeNull();
  });

  it.each([
    ["en", "/", null],
    ["ar", "/dashboard", storedUser],
  ] as const)("is not there in %s on %s otherwise", async (locale, path, user) => {
    await renderApp(path, { locale, user });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByText(EN)).toBeNull();
    expect(screen.queryByText(AR)).toBeNull();
  });
});
