// The portfolio's calls: /user/balances and /user/transactions-history, over the ledger, the market's
// catalog and the history sources of the features that move money; /user/portfolio,
// /user/portfolio/value and /user/buy-sell-report, the profit and loss on a cost basis.
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import type { Notifications } from "../../platform/db/changes.ts";
import { watchedCache } from "../../platform/db/watched-cache.ts";
import type { Balance } from "../ledger/index.ts";
import { valuedBalances, type BalancesDeps } from "./balances.ts";
import { createPriceHistoryCache } from "./fair-value.ts";
import { decodeCursor, historyPage, type AnyHistorySource } from "./history.ts";
import { portfolioOf } from "./holdings.ts";
import type { LedgerTradesDeps } from "./ledger-trades.ts";
import { buySellReport } from "./report.ts";
import { valueHistory } from "./value-history.ts";

export interface PortfolioDeps extends BalancesDeps {
  ledger: LedgerTradesDeps["ledger"];
  catalog: LedgerTradesDeps["catalog"] & BalancesDeps["catalog"];
  /** One per kind of entry that exists today (card buys, …). */
  history: readonly AnyHistorySource[];
  now: () => Date;
  /** Given, /user/balances reads a user's ledger accounts from memory until any of them changes. */
  database?: Pick<Notifications, "watchWrites" | "listen">;
}

/**
 * The balances read's cache: a user's ledger accounts, forgotten at every statement that may move
 * any account (a transfer UPDATEs ledger_accounts; a new account is INSERTed at zero, which the
 * answer leaves out), and after 5 s whatever happens (writes made outside this code).
 */
export const BALANCES_CACHE = { ttlMs: 5_000, maxEntries: 10_000 } as const;
/** The history's pages, by user and query: forgotten at any write to a table a source reads. */
export const HISTORY_CACHE = { ttlMs: 5_000, maxEntries: 10_000 } as const;

const DAY_MS = 86_400_000;
const startOf = (date: string) => new Date(`${date}T00:00:00Z`);

export function portfolioHandlers(deps: PortfolioDeps) {
  const pnl: LedgerTradesDeps = { ...deps, priceHistory: createPriceHistoryCache(deps.catalog.prices, deps.now) };
  const held = deps.database && watchedCache<readonly Balance[]>(deps.database, ["ledger_accounts"], BALANCES_CACHE);
  const sourceTables = deps.history.map((source) => source.tables);
  const pages =
    deps.database && sourceTables.every((tables) => tables !== undefined)
      ? watchedCache<Awaited<ReturnType<typeof historyPage>>>(deps.database, sourceTables.flat(), HISTORY_CACHE)
      : undefined;
  const balancesOf = (userId: string) =>
    held ? held.read(userId, async () => Object.freeze(await deps.ledger.balances(userId))) : deps.ledger.balances(userId);
  return handlers({
    portfolio: {
      success: "success.ok",
      handle: (c, { currency, method }) => portfolioOf(pnl, c.var.auth.user.id, currency, method),
    },
    portfolioValue: {
      success: "success.ok",
      handle: (c, { currency, range }) => valueHistory(pnl, c.var.auth.user.id, currency, range),
    },
    buySellReport: {
      success: "success.ok",
      handle: (c, { currency, method, from, to }) => {
        if (from && to && from > to) throw refuse("buySellReport", "validation", validationData(c.var.locale, { to: "field.invalid" }));
        return buySellReport(pnl, c.var.auth.user.id, currency, method, from, to);
      },
    },
    balances: {
      success: "success.ok",
      handle: (c, { currency }) => valuedBalances({ ...deps, ledger: { balances: balancesOf } }, c.var.auth.user.id, currency),
    },
    transactionsHistory: {
      success: "success.ok",
      handle: async (c, body) => {
        const after = body.cursor === undefined ? null : decodeCursor(body.cursor);
        if (after === undefined) throw refuse("transactionsHistory", "validation", validationData(c.var.locale, { cursor: "field.invalid" }));
        const read = () =>
          historyPage(
            deps.history,
            {
              userId: c.var.auth.user.id,
              asset: body.asset,
              status: body.status,
              from: body.from ? startOf(body.from) : undefined,
              before: body.to ? new Date(startOf(body.to).getTime() + DAY_MS) : undefined,
              after,
              limit: body.limit,
            },
            body.type,
          );
        return pages ? pages.read(`${c.var.auth.user.id} ${JSON.stringify(body)}`, read) : read();
      },
    },
  });
}
