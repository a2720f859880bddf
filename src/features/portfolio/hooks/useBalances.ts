import { useMemo, useState } from "react";
import type { Balances, QuoteCurrency } from "../../../../contract/index.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";
import { useFeed, useLiveFeed } from "../../market/index.ts";
import { balancesFeed, firstBalances } from "../services/actors.ts";
import type { FeedStatusValue } from "../../market/index.ts";

const FAILED: ReadonlySet<FeedStatusValue> = new Set(["failed"]);

/**
 * The user's balances valued in `currency`, refreshed with the prices while the page is shown (the
 * price feed's machine, polling /user/balances). What is shown always belongs to the currency
 * asked for: after a change of currency nothing shows until its own answer arrives.
 */
export function useBalances(currency: QuoteCurrency) {
  const call = useAppCall();
  const fetchFeed = useMemo(() => balancesFeed(call), [call]);
  // The page's HTML may have brought them: then the first render shows them.
  const [first] = useState(() => firstBalances(call, currency));
  const feed = useFeed<Balances>(useLiveFeed(fetchFeed, { currency }, first));
  const balances = feed.data?.currency === currency ? feed.data : null;
  // Failed with nothing to show: the feed's problem tag, read through its status set.
  return { ...feed, balances, failed: !balances && FAILED.has(feed.status) };
}
