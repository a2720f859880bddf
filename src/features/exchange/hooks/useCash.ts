import { useEffect, useState } from "react";
import type { QuoteCurrency } from "../../../../contract/index.ts";
import { useAppCall } from "../../../shared/actors/context.tsx";

/**
 * The user's cash in `currency` (what a buy from cash may spend), read from /user/portfolio: the
 * balances call lists coins only. Read again whenever `version` changes (after each trade); null
 * while unknown, or when `currency` is null (the ticket gives a coin).
 */
export function useCash(currency: QuoteCurrency | null, version: string | null): string | null {
  const call = useAppCall();
  const [cash, setCash] = useState<{ currency: string; amount: string } | null>(null);
  useEffect(() => {
    if (!currency) return;
    let current = true;
    call("portfolio", { currency })
      .then((portfolio) => {
        const holding = portfolio.holdings.find((candidate) => candidate.kind === "cash" && candidate.asset === currency);
        if (current) setCash({ currency, amount: holding?.amount ?? "0.00" });
      })
      // Unknown: the form does not judge the amount against it, and the server's accept still does.
      .catch(() => current && setCash(null));
    return () => {
      current = false;
    };
  }, [call, currency, version]);
  return currency && cash?.currency === currency ? cash.amount : null;
}
