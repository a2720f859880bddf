import { render, screen } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { onTestFinished, vi } from "vitest";
import { z } from "zod";
import { routes, type RequestOf, type ResponseOf, type RouteName } from "../../contract/index.ts";
import type { TradeKind } from "../../contract/tradeKinds.ts";
import type { StoredUser } from "../../machines/auth/auth.types.ts";
import type { Locale } from "../../machines/shell/locale.machine.ts";
import { App } from "../../src/app/App.tsx";
import { createAppServices, type AppEdges } from "../../src/app/createActors.ts";
import { createFlowStore } from "../../src/features/auth/adapters/flowStore.ts";
import { createAppStorage, memoryStore, storageKeys } from "../../src/shared/adapters/storage.ts";
import { TradeKindsContext } from "../../src/shared/lib/tradeKinds.ts";
import type { Call } from "../../src/shared/api/call.ts";
import { profile } from "../../machines/auth/auth.fixtures.ts";
import { dashboardMarket, list, price, tickers } from "../../machines/market/market.fixtures.ts";
import { noBalances } from "../../machines/portfolio/portfolio.fixtures.ts";

/**
 * Fake answers per route, as a function of the body (throw or reject to fail the call). Each
 * answers the route's own response type, so a fake that drifts from the contract does not compile.
 */
export type FakeCalls = { [R in RouteName]?: (body: RequestOf<R>) => ResponseOf<R> | Promise<ResponseOf<R>> };

// Calls every signed-in page makes (the shell's, and the market's prices); a test replaces them when they matter.
const defaults: FakeCalls = {
  getProfile: () => profile,
  logout: () => null,
  pushToken: () => null,
  currencyList: () => list,
  marketTickers: ({ currency }) => tickers(currency === "EUR" ? "EUR" : "USD"),
  getPrice: (body) => price(body),
  dashboardMarketInfo: () => dashboardMarket(),
  // A new user: nothing held yet (the dashboard's balances card asks).
  balances: ({ currency }) => noBalances(currency === "EUR" ? "EUR" : "USD"),
  transactionsHistory: () => ({ items: [], nextCursor: null }),
  // Nothing bought or sold yet: no profit or loss, a value of nothing every day.
  portfolio: ({ currency, method }) => ({
    currency: currency === "EUR" ? "EUR" : "USD",
    method: method ?? "fifo",
    holdings: [],
    total: { value: "0.00", costBasis: "0.00", unrealised: "0.00", realised: "0.00" },
  }),
  portfolioValue: ({ currency, range }) => ({ currency: currency === "EUR" ? "EUR" : "USD", range: range ?? "1M", points: [] }),
  // Not verified yet (the profile's status and the Buy page's gate ask).
  checkKyc: () => ({ status: "notStarted", retryAllowed: false, submittedAt: null, reviewedAt: null, cardBuyThresholdUsd: "1000" }),
  // The contact form's start token (the contact page asks when it opens).
  contactStart: () => ({ formToken: "1795870000000.signature", minSeconds: 3 }),
};

/**
 * The real app, composed by the real composition root, on a memory location. Only the edges are
 * fakes: the API call (per route), a storage in memory, and, when a test gives them, the social
 * popup, push and the clock. `tradeKinds` shows the app as the trading module will set the trades
 * that exist (contract/tradeKinds.ts); `memory` is a location the test made, for one that must read
 * where the app is before this returns (a page view can be recorded that early).
 */
export async function renderApp(
  path: string,
  options: {
    user?: StoredUser | null;
    locale?: Locale;
    calls?: FakeCalls;
    session?: Record<string, string>;
    upload?: Call["upload"];
    tradeKinds?: readonly TradeKind[];
    memory?: ReturnType<typeof memoryLocation>;
  } & Pick<AppEdges, "popup" | "push" | "clock"> = {},
) {
  const memory = options.memory ?? memoryLocation({ path, record: true });
  const store = memoryStore({
    ...(options.user ? { [storageKeys.authUser]: JSON.stringify(options.user) } : {}),
    [storageKeys.lang]: options.locale ?? "en",
  });
  const handlers: FakeCalls = { ...defaults, ...options.calls };
  // The types cannot see every fake (a spread, a JSON fixture): each answer is also checked
  // against the route's response schema, and a wrong one fails the test, not just the call.
  const wrongAnswers: string[] = [];
  onTestFinished(() => {
    if (wrongAnswers.length > 0) throw new Error(`fake answers that break the contract:\n${wrongAnswers.join("\n")}`);
  });
  const call = vi.fn(async (route: RouteName, body?: unknown) => {
    const handler = handlers[route] as ((body: unknown) => unknown) | undefined;
    if (!handler) throw Object.assign(new Error(`${route} was not expected`), { code: "unexpected" });
    const answer = await handler(body ?? {});
    const checked = routes[route].response.safeParse(answer);
    if (!checked.success) {
      wrongAnswers.push(`${route}: ${z.prettifyError(checked.error)}`);
      throw Object.assign(new Error(`${route}'s fake answer does not match the contract`), { code: "unexpected" });
    }
    return answer;
  });
  const services = createAppServices({
    navigate: (to, navigateOptions) => memory.navigate(to, navigateOptions),
    path: () => memory.history?.at(-1) ?? path,
    // A multipart upload (/file/add) is its own edge: a test that uploads gives it.
    call: Object.assign(call, { upload: options.upload }) as unknown as Call,
    storage: createAppStorage(store),
    // Each test is a fresh tab: no flow left in session storage by the one before.
    flowStore: createFlowStore(memoryStore(options.session ?? {})),
    popup: options.popup,
    push: options.push ?? {
      inspect: async () => ({ supported: false, configured: false, permission: "default" }),
      requestPermission: async () => "default",
      getToken: () => new Promise(() => {}),
    },
    clock: options.clock,
    languages: [],
  });
  onTestFinished(() => services.stop());
  const app = <App actors={services.actors} eventLog={services.eventLog} call={services.call} />;
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      {options.tradeKinds ? <TradeKindsContext value={options.tradeKinds}>{app}</TradeKindsContext> : app}
    </Router>,
  );
  // The first catalog loads asynchronously; the shell renders once it is in.
  await screen.findByRole("main");
  return { ...view, memory, actors: services.actors, eventLog: services.eventLog, call, store };
}

/** The body each call to this route was made with. */
export const bodiesOf = (call: ReturnType<typeof vi.fn>, route: RouteName) => call.mock.calls.filter(([name]) => name === route).map(([, body]) => body);

export type { ResponseOf };
