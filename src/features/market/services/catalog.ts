// The listed assets and quote currencies (/currency/list): asked once per sign-in, shared by pages.
import type { CurrencyList, QuoteCurrency } from "../../../../contract/index.ts";
import { DEFAULT_QUOTE, QUOTE_CURRENCIES } from "../../../../contract/quotes.ts";
import { writeQuoteCookie } from "../../../shared/adapters/cookies.ts";
import type { Call } from "../../../shared/api/call.ts";
import { answeredNow } from "../../../shared/api/lazyCall.ts";

const lists = new WeakMap<Call, Promise<CurrencyList>>();
const arrived = new WeakMap<Call, CurrencyList>();

/** The list, asked for once per API call (a failed answer is forgotten, so the next page asks again). */
export function loadCurrencyList(call: Call, { fresh = false } = {}): Promise<CurrencyList> {
  const known = lists.get(call);
  if (known && !fresh) return known;
  const loading = call("currencyList", {});
  lists.set(call, loading);
  loading.then(
    (list) => lists.get(call) === loading && arrived.set(call, list),
    () => lists.get(call) === loading && lists.delete(call),
  );
  return loading;
}

/**
 * The list as it stands now, for a first render that shows it: the one that arrived already, or
 * the one the page's HTML brought (kept as this call's answer); null when neither.
 */
export function currencyListNow(call: Call): CurrencyList | null {
  const known = arrived.get(call);
  if (known) return known;
  const answered = answeredNow(call, "currencyList", {});
  if (!answered) return null;
  lists.set(call, Promise.resolve(answered));
  arrived.set(call, answered);
  return answered;
}

const QUOTE_KEY = "sarraf.quoteCurrency";

/** The quote currency the user chose last (USD at first), kept in this browser. */
export function readQuoteCurrency(): QuoteCurrency {
  try {
    const stored = globalThis.localStorage?.getItem(QUOTE_KEY);
    return QUOTE_CURRENCIES.find((code) => code === stored) ?? DEFAULT_QUOTE;
  } catch {
    return DEFAULT_QUOTE;
  }
}

export function writeQuoteCurrency(currency: QuoteCurrency): void {
  writeQuoteCookie(currency);
  try {
    globalThis.localStorage?.setItem(QUOTE_KEY, currency);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
