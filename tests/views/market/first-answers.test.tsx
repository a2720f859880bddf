// A signed-in page whose HTML brought its first answers (issue 12) shows them without calling.
import { afterEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { FIRST_ANSWERS_ELEMENT_ID } from "../../../contract/firstAnswers.ts";
import { profile, storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";
import { dashboardMarket, list } from "../../../machines/market/market.fixtures.ts";
import { noBalances } from "../../../machines/portfolio/portfolio.fixtures.ts";

const success = (data: unknown) => ({ status: "success", message: "OK", data });

function embed(answers: { route: string; body: unknown; data: unknown }[]) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = FIRST_ANSWERS_ELEMENT_ID;
  element.textContent = JSON.stringify(answers.map(({ route, body, data }) => ({ route, body: JSON.stringify(body), envelope: success(data) })));
  document.body.append(element);
}
afterEach(() => document.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.remove());

describe("the dashboard with its first answers in the page", { timeout: 20_000 }, () => {
  it("shows the market, the balances and the currency list it brought, asking the API for none of them", async () => {
    const held = noBalances();
    embed([
      { route: "getProfile", body: {}, data: profile },
      { route: "currencyList", body: {}, data: list },
      { route: "balances", body: { currency: "USD" }, data: held },
      { route: "dashboardMarketInfo", body: { currency: "USD" }, data: dashboardMarket() },
    ]);
    const { call } = await renderApp("/dashboard", { user: storedUser });
    await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 10_000 });
    expect(document.querySelector(".dashboard-grid")).toHaveAttribute("aria-busy", "false");
    expect(screen.getByRole("combobox", { name: /currency/i })).toBeEnabled();
    for (const route of ["getProfile", "currencyList", "balances", "dashboardMarketInfo"] as const) expect(bodiesOf(call, route), route).toEqual([]);
  });

  it("calls the API as usual for an answer it did not bring (another quote currency)", async () => {
    embed([{ route: "dashboardMarketInfo", body: { currency: "EUR" }, data: dashboardMarket() }]);
    const { call } = await renderApp("/dashboard", { user: storedUser });
    await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 10_000 });
    await screen.findAllByText("Bitcoin", {}, { timeout: 10_000 });
    expect(bodiesOf(call, "dashboardMarketInfo")).toEqual([{ currency: "USD" }]);
  });
});
