// The exchange ticket as a browser page for the tradeQuote machine's generated paths in Chromium
// (tests/e2e/exchange/exchange-paths.test.ts bundles it with Vite): for each path the hook mounts
// the real ticket and receipt around the driven actor (simulated clock, every call settled by the
// path), in English, with the app's stylesheet — as the jsdom run mounts them.
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { list } from "../../../machines/market/market.fixtures.ts";
import { tradeQuoteMachine } from "../../../machines/exchange/tradeQuote.machine.ts";
import { TicketOrReceipt } from "../../../src/features/exchange/components/TicketOrReceipt.tsx";
import type { TradeQuoteRef } from "../../../src/features/exchange/hooks.ts";
import { readTicketQuery } from "../../../src/features/exchange/lib/ticketQuery.ts";
import { activateLocale, loadCatalog } from "../../../src/shared/i18n/catalogs.ts";
import { installUiPathsHook } from "../../../tools/statecharts/ui-page.ts";
import "../../../src/styles.css";

const decimals = (asset: string) => (asset === "USD" ? 2 : 8);

await loadCatalog("en");
activateLocale("en");

installUiPathsHook(tradeQuoteMachine, (actor) => {
  const { hook, searchHook } = memoryLocation({ path: "/exchange?curr=USD&symbol=BTC" });
  const root = createRoot(document.getElementById("root")!);
  root.render(
    <I18nProvider i18n={i18n}>
      <Router hook={hook} searchHook={searchHook}>
        <main className="dashboard-main">
          <TicketOrReceipt
            actor={actor as TradeQuoteRef}
            list={list}
            query={readTicketQuery("?curr=USD&symbol=BTC")}
            available={{ asset: "USD", value: "500.00" }}
            decimals={decimals}
            onQuery={() => {}}
          />
        </main>
      </Router>
    </I18nProvider>,
  );
  return () => root.unmount();
});
