// The home page's live prices (issue 28): shown when they come, a calm message when they cannot.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../renderApp.tsx";

describe("the home page's live prices", { timeout: 20_000 }, () => {
  it("shows the major assets' prices left to right, in Arabic too, with the fees from the settings", async () => {
    await renderApp("/", { locale: "ar" });
    // The prices' code is a chunk of its own (its placeholder, a panel of the same name, shows
    // until it comes), and the feed's first answer comes after it.
    const btc = await screen.findByTestId("price-BTC", {}, { timeout: 10_000 });
    expect(screen.getByRole("region", { name: "الأسعار الحية" })).toContainElement(btc);
    expect(btc).toHaveAttribute("dir", "ltr");
    expect(btc.textContent).toContain("$97,123.45");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("اشترِ وبِع وبادِل العملات الرقمية بثقة");
    expect(screen.getByText(/رسوم 1\.5% على الشراء بالبطاقة/)).toBeInTheDocument();
  });

  it("says prices are not available when the feed cannot get them, and keeps the rest of the page", async () => {
    await renderApp("/", {
      calls: {
        marketTickers: () => {
          throw Object.assign(new Error("down"), { status: 503, code: "pricesUnavailable" });
        },
      },
    });
    const failed = await screen.findByText("Prices are not available right now. They will appear here as soon as they are back.", {}, { timeout: 10_000 });
    expect(screen.getByRole("region", { name: "Live prices" })).toContainElement(failed);
    expect(screen.getByRole("heading", { name: "How buying works" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Fees and security, in plain words" })).toBeInTheDocument();
  });
});
