// What the market views use: each page's own actors (a price feed, the favourites), given the
// app's API call, and read through selectors. Views import these hooks, never the services.
import { createContext, useContext, useEffect, useMemo, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import type { ActorRefFrom, PromiseActorLogic } from "xstate";
import type { CurrencyList, QuoteCurrency } from "../../../contract/index.ts";
import { PRICE_STALE_AFTER_SECONDS } from "../../../contract/quotes.ts";
import { favouritesMachine } from "../../../machines/market/favourites.machine.ts";
import { priceFeedMachine, type FeedSnapshot } from "../../../machines/market/priceFeed.machine.ts";
import { useAppCall } from "../../shared/actors/context.tsx";
import { useActorRef, useInSession, useSelector } from "../../shared/actors/hooks.ts";
import { failureText } from "../../shared/i18n/errors.ts";
import { notifyError } from "../../shared/adapters/notify.ts";
import { currencyListNow, loadCurrencyList, readQuoteCurrency, writeQuoteCurrency } from "./services/catalog.ts";
import { feeds, firstSnapshot, saveFavourite, type FeedKind } from "./services/feeds.ts";

export type PriceFeedRef = ActorRefFrom<typeof priceFeedMachine>;

/**
 * A page's live feed of one call, polled while the page is visible. A new `query` (compared by
 * value) is polled at once and drops what was shown for the old one.
 */
export function usePriceFeed(kind: FeedKind, query: object): PriceFeedRef {
  const call = useAppCall();
  const fetchFeed = useMemo(() => feeds[kind](call), [call, kind]);
  // The page's HTML may have brought the first answer: then the first render shows it.
  const [first] = useState(() => firstSnapshot(kind, call, query));
  return useLiveFeed(fetchFeed, query, first);
}

/** What a feed polls: any call answered as a feed snapshot (another feature's too: the portfolio's balances). */
export type FeedLogic = PromiseActorLogic<FeedSnapshot, { query: unknown }>;

/**
 * A live feed of any call (`fetchFeed`, kept stable by the caller), with the same polling, pausing
 * and retries as prices; `first`, an answer already in hand, is shown from the first render.
 */
export function useLiveFeed(fetchFeed: FeedLogic, query: object, first: FeedSnapshot | null = null): PriceFeedRef {
  const machine = useMemo(() => priceFeedMachine.provide({ actors: { fetchFeed } }), [fetchFeed]);
  const actor = useInSession(useActorRef(machine, { input: { query, first } }));
  const key = JSON.stringify(query);
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.query) !== key) actor.send({ type: "feed.query", query: JSON.parse(key) as object });
  }, [actor, key]);
  useEffect(() => {
    const visibility = () => actor.send({ type: document.hidden ? "feed.hidden" : "feed.visible" });
    const online = () => actor.send({ type: "feed.online" });
    const offline = () => actor.send({ type: "feed.offline" });
    if (document.hidden) visibility();
    if (navigator.onLine === false) offline();
    document.addEventListener("visibilitychange", visibility);
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      document.removeEventListener("visibilitychange", visibility);
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
    };
  }, [actor]);
  return actor;
}

export type FeedStatus = "loading" | "live" | "stale" | "retrying" | "offline" | "failed";

/** Seconds on a clock that ticks once a second while the component is shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const PROBLEM_TAGS = ["offline", "failed", "retrying"] as const;

/** What a price view shows of its feed: the latest data, where the feed stands, and the prices' age now. */
export function useFeed<Data>(actor: PriceFeedRef): { data: Data | null; status: FeedStatus; ageSeconds: number | null; retry: () => void } {
  const latest = useSelector(actor, (state) => state.context.latest) as FeedSnapshot<Data> | null;
  // A problem the machine declares by tag wins; otherwise the prices' own age decides live or stale.
  const problem = useSelector(actor, (state) => PROBLEM_TAGS.find((tag) => state.hasTag(tag)) ?? null);
  const staleTag = useSelector(actor, (state) => state.hasTag("stale"));
  const now = useNow();
  const ageSeconds = latest ? Math.max(0, Math.round(latest.ageSeconds + (now - latest.receivedAt) / 1000)) : null;
  let status: FeedStatus;
  if (problem) status = problem;
  else if (!latest) status = "loading";
  else if (staleTag || latest.stale || (ageSeconds ?? 0) > PRICE_STALE_AFTER_SECONDS) status = "stale";
  else status = "live";
  return { data: latest?.data ?? null, status, ageSeconds, retry: () => actor.send({ type: "feed.retry" }) };
}

/** The listed assets and currencies: `null` while loading, and `failed` with a retry. */
export function useCurrencyList(): { list: CurrencyList | null; failed: boolean; retry: () => void } {
  const call = useAppCall();
  // Shown from the first render when it is already here (an earlier page's, or the page's HTML's).
  const [state, setState] = useState<{ list: CurrencyList | null; failed: boolean }>(() => ({ list: currencyListNow(call), failed: false }));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    loadCurrencyList(call, { fresh: attempt > 0 }).then(
      (list) => current && setState((shown) => (shown.list === list ? shown : { list, failed: false })),
      () => current && setState({ list: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [call, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The quote currency a page rendered away from the browser starts in (the server's render of a
 * signed-in page: the one its cookie names). Null in the browser, which reads its own choice.
 */
export const RenderedQuoteCurrency = createContext<QuoteCurrency | null>(null);

/** The quote currency prices are shown in, remembered in this browser. */
export function useQuoteCurrency(): [QuoteCurrency, (currency: QuoteCurrency) => void] {
  const rendered = useContext(RenderedQuoteCurrency);
  const [currency, setCurrency] = useState(() => rendered ?? readQuoteCurrency());
  return [
    currency,
    (next) => {
      writeQuoteCurrency(next);
      setCurrency(next);
    },
  ];
}

/**
 * The user's favourites, starting from the server's list: a star changes at once and is saved;
 * one the server refuses flips back, with a message.
 */
export function useFavourites(initial: readonly string[] | null) {
  const call = useAppCall();
  const { i18n } = useLingui();
  const machine = useMemo(() => favouritesMachine.provide({ actors: { saveFavourite: saveFavourite(call) } }), [call]);
  const actor = useInSession(useActorRef(machine));
  useEffect(() => {
    if (initial) actor.send({ type: "favourites.loaded", favourites: initial });
  }, [actor, initial]);
  useEffect(() => {
    const subscription = actor.on("favourites.failed", ({ failure }) => notifyError(failureText(i18n, failure).text, "favourite-failed"));
    return () => subscription.unsubscribe();
  }, [actor, i18n]);
  const favourites = useSelector(actor, (state) => state.context.favourites);
  const saving = useSelector(actor, (state) => state.hasTag("saving"));
  return {
    favourites,
    saving,
    set: (symbol: string, favourite: boolean) => actor.send({ type: "favourites.set", symbol, favourite }),
  };
}
