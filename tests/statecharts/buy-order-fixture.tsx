// The Buy page's view around a driven buyOrder actor, as both runs of the machine's generated
// paths mount it (tests/views/onramp/buy-paths.test.tsx in jsdom,
// tests/e2e/onramp/buy-paths-page.tsx in Chromium): the market fixtures' assets and currencies,
// and the machine provided with the app's own effects (buyOrderImplementations) over fakes at
// their edges — a payment window that opens unless the browser is made to refuse it, this
// browser's memory of the order in memory, and no network (the path driver fakes every call and
// settles it). Browser-safe: the Chromium page bundles it.
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { AnyActorRef } from "xstate";
import { list } from "../../machines/market/market.fixtures.ts";
import { buyOrderMachine } from "../../machines/onramp/buyOrder.machine.ts";
import { PRESS_KEY } from "../../machines/onramp/onramp.fixtures.ts";
import { createPendingBuyStore } from "../../src/features/onramp/adapters/pendingBuy.ts";
import type { PaymentWindow } from "../../src/features/onramp/adapters/paymentWindow.ts";
import { BuyOrderView } from "../../src/features/onramp/components/BuyOrderView.tsx";
import type { BuyOrderRef } from "../../src/features/onramp/hooks.ts";
import { buyOrderImplementations } from "../../src/features/onramp/services/actors.ts";
import { memoryStore } from "../../src/shared/adapters/storage.ts";
import type { Call } from "../../src/shared/api/call.ts";

/** The payment window at the browser's edge: it opens, unless the popup blocker is told to refuse the next one. */
export interface FakePaymentWindow {
  window: PaymentWindow;
  /** The browser's popup blocker refuses the next window the page opens. */
  refuseNext(): void;
}

export function fakePaymentWindow(): FakePaymentWindow {
  let refuse = false;
  let open = false;
  return {
    window: {
      reserve: () => void (open = true),
      open() {
        open = !refuse;
        refuse = false;
        return open;
      },
      close: () => void (open = false),
      isOpen: () => open,
    },
    refuseNext: () => void (refuse = true),
  };
}

// The path driver fakes every call of the driven actor; nothing may reach the network.
const noCall = (() => Promise.reject(Object.assign(new Error("the buy paths fake every call"), { code: "network" }))) as unknown as Call;

/** The buyOrder machine as the Buy page provides it (hooks.ts), its effects over fakes at their edges. */
export function buyPathsMachine(paymentWindow: PaymentWindow) {
  return buyOrderMachine.provide(buyOrderImplementations({ call: noCall, paymentWindow, pendingBuy: createPendingBuyStore(memoryStore()) }));
}

/**
 * The randomness behind "Pay by card"'s idempotency key, faked: every key the page makes is the
 * graph spec's sample (PRESS_KEY), so the harness can check the press sent the path's event,
 * payload included. Answers how to undo it.
 */
export function fakePressKeys(): () => void {
  const bytes = Uint8Array.from(atob(PRESS_KEY.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
  const original = Object.getOwnPropertyDescriptor(crypto, "getRandomValues");
  Object.defineProperty(crypto, "getRandomValues", {
    configurable: true,
    value: <T extends ArrayBufferView | null>(array: T): T => {
      if (array) {
        const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
        view.forEach((_, index) => (view[index] = bytes[index % bytes.length]!));
      }
      return array;
    },
  });
  return () => {
    if (original) Object.defineProperty(crypto, "getRandomValues", original);
    else delete (crypto as { getRandomValues?: unknown }).getRandomValues;
  };
}

const assets = list.assets.filter((asset) => asset.tradable);

export function BuyFixture({ actor }: { actor: AnyActorRef }) {
  const { hook, searchHook } = memoryLocation({ path: "/buy" });
  return (
    <I18nProvider i18n={i18n}>
      <Router hook={hook} searchHook={searchHook}>
        <BuyOrderView actor={actor as BuyOrderRef} assets={assets} currencies={list.currencies} />
      </Router>
    </I18nProvider>
  );
}
