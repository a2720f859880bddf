// The exchange ticket and its receipt around a driven tradeQuote actor, as both runs of the
// machine's generated paths mount them (tests/views/exchange/exchange-paths.test.tsx in jsdom,
// tests/e2e/exchange/exchange-paths-page.tsx in Chromium): USD/BTC from the address, 500 USD
// available, the market fixtures' list.
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { AnyActorRef } from "xstate";
import { list } from "../../machines/market/market.fixtures.ts";
import { TicketOrReceipt } from "../../src/features/exchange/components/TicketOrReceipt.tsx";
import type { TradeQuoteRef } from "../../src/features/exchange/hooks.ts";
import { readTicketQuery } from "../../src/features/exchange/lib/ticketQuery.ts";

const decimals = (asset: string) => (asset === "USD" ? 2 : 8);

export function TicketFixture({ actor }: { actor: AnyActorRef }) {
  const { hook, searchHook } = memoryLocation({ path: "/exchange?curr=USD&symbol=BTC" });
  return (
    <I18nProvider i18n={i18n}>
      <Router hook={hook} searchHook={searchHook}>
        <TicketOrReceipt
          actor={actor as TradeQuoteRef}
          list={list}
          query={readTicketQuery("?curr=USD&symbol=BTC")}
          available={{ asset: "USD", value: "500.00" }}
          decimals={decimals}
          onQuery={() => {}}
        />
      </Router>
    </I18nProvider>
  );
}
