// Accepting a quote: one transaction that locks the quote's row, checks it is the user's, open and
// not expired, that the live mid price is within TRADE_PRICE_TOLERANCE_BPS of the quoted one, that
// the user owes none of what they give up, has it available and that the house can fill; then one
// group of ledger transfers (user → house inventory, house inventory → user, house inventory →
// fees) with keys made from the quote's id, and the quote marked accepted. A second accept of the
// same quote finds it accepted and answers the same trade; any refusal changes nothing.
import { and, eq, gt } from "drizzle-orm";
import type { Amount, Trade } from "../../../contract/index.ts";
import { decimal, fromMinor } from "../../../contract/decimal.ts";
import type { Db } from "../../platform/db/open.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { LedgerError, type Ledger } from "../ledger/index.ts";
import type { Catalog } from "../market/index.ts";
import { movedBeyond } from "./figures.ts";
import { houseCanFill, tradeAccounts } from "./house.ts";
import { pairPrices, type PairAnswer } from "./pricing.ts";
import type { TradingSettings } from "./quotes.ts";
import { createRecentQuotes, type RecentQuotes } from "./recent-quotes.ts";
import { tradeQuotes, type TradeQuoteRow } from "./schema.ts";

type AcceptRoute = "tradeAccept" | "sellSendOrder";

export interface AcceptDeps {
  db: Db;
  env: TradingSettings;
  ledger: Ledger;
  catalog: Pick<Catalog, "pricesIn">;
  now: () => Date;
}

const money = (asset: string, units: bigint, decimals: number): Amount => ({ asset, value: fromMinor(units, decimals) });

/** An accepted quote as the trade it made (the history entry has the same id). */
export function tradeOf(row: TradeQuoteRow): Trade {
  const pay = money(row.fromAsset, row.payUnits, row.fromDecimals);
  const receive = money(row.toAsset, row.receiveUnits, row.toDecimals);
  return {
    id: row.id,
    quoteId: row.id,
    kind: row.kind,
    pair: row.kind === "buy" ? { base: row.toAsset, quote: row.fromAsset } : { base: row.fromAsset, quote: row.toAsset },
    price: row.price,
    paid: pay,
    received: receive,
    fee: money(row.toAsset, row.feeUnits, row.toDecimals),
    quoted: { pay, receive },
    executedAt: (row.acceptedAt ?? row.createdAt).toISOString(),
    historyId: row.id,
  };
}

export function createAccept({ db, env, ledger, catalog, now }: AcceptDeps, recent: RecentQuotes = createRecentQuotes()) {
  type Refusal = "quoteExpired" | "pricesUnavailable" | "pricesStale" | "priceMoved" | "debtOutstanding";

  /** The refusals that need no lock: judged before any account is made, and again in the transaction. */
  function judge(row: TradeQuoteRow, at: Date, live: PairAnswer, debts: { asset: string }[]): Refusal | null {
    if (row.expiresAt.getTime() <= at.getTime()) return "quoteExpired";
    if (!live.ok) return live.reason;
    if (movedBeyond(decimal(row.mid), live.prices.mid, env.TRADE_PRICE_TOLERANCE_BPS)) return "priceMoved";
    if (debts.some((debt) => debt.asset === row.fromAsset)) return "debtOutstanding";
    return null;
  }

  return async function accept(route: AcceptRoute, userId: string, quoteId: string, onlyKind?: TradeQuoteRow["kind"]): Promise<Trade | "wrongKind"> {
    // Who and what never change on a quote: read once, before the transaction, to find the accounts
    // and prices (kept from its making when this process made it).
    const known = recent.get(quoteId) ?? (await db.select().from(tradeQuotes).where(eq(tradeQuotes.id, quoteId)))[0];
    if (!known || known.userId !== userId) throw refuse(route, "quoteNotFound");
    if (onlyKind && known.kind !== onlyKind) return "wrongKind";
    if (known.status === "accepted") return tradeOf(known);
    const live = await pairPrices(catalog, known.kind, known.fromAsset, known.toAsset);
    // Nothing to pay with, or nothing to fill from: refused before any account is made for it.
    // A receivable below zero is a debt in that asset (ledger.debts); all three read in one query.
    const [payer, filler, owed] = await ledger.existing([
      { code: "user", asset: known.fromAsset, userId },
      { code: "inventory", asset: known.toAsset, userId: null },
      { code: "receivable", asset: known.fromAsset, userId },
    ]);
    const debts = owed && owed.balance < 0n ? [{ asset: known.fromAsset }] : [];
    const early =
      judge(known, now(), live, debts) ??
      (!payer || payer.available < known.payUnits
        ? "insufficientBalance"
        : !filler || filler.available < known.receiveUnits + known.feeUnits
          ? "houseCannotFill"
          : null);
    if (early) {
      // Unless another request accepted it meanwhile: then it answers that trade.
      const [again] = await db.select().from(tradeQuotes).where(eq(tradeQuotes.id, quoteId));
      if (again?.status === "accepted") return tradeOf(again);
      throw refuse(route, early);
    }
    const accounts = await tradeAccounts(ledger, userId, known.fromAsset, known.toAsset);

    let executed: TradeQuoteRow | undefined;
    try {
      const trade = await db.transaction(async (tx) => {
        const at = now();
        // One statement locks the quote and marks it accepted while it is open (a refusal below rolls
        // it back); first, so the house's accounts, which every trade touches, are held for as few
        // round trips as possible. When it matches nothing the quote was accepted meanwhile or expired.
        const [marked] = await tx
          .update(tradeQuotes)
          .set({ status: "accepted", acceptedAt: at })
          .where(and(eq(tradeQuotes.id, quoteId), eq(tradeQuotes.status, "open"), gt(tradeQuotes.expiresAt, at)))
          .returning({ id: tradeQuotes.id });
        // The rest of the row is what was read before: only these two columns ever change.
        const row: TradeQuoteRow | undefined = marked && { ...known, status: "accepted", acceptedAt: at };
        if (!row) {
          const [found] = await tx.select().from(tradeQuotes).where(eq(tradeQuotes.id, quoteId));
          if (found?.status === "accepted") return tradeOf((executed = found));
          throw refuse(route, "quoteExpired");
        }
        const refusal = judge(row, at, live, debts);
        if (refusal) throw refuse(route, refusal);
        if (!live.ok) throw refuse(route, live.reason);
        const accepted = row;
        // Every account the transfers touch, locked at once in id order as the ledger's own transfers lock them (no deadlock with them).
        const positions = await ledger.lockPositions(Object.values(accounts), { tx });
        if (positions.get(accounts.userFrom)!.available < row.payUnits) throw refuse(route, "insufficientBalance");
        const fill = {
          from: positions.get(accounts.houseFrom)!,
          to: positions.get(accounts.houseTo)!,
          fromAsset: row.fromAsset,
          fromDecimals: row.fromDecimals,
          fromUsd: live.prices.fromUsd,
          payUnits: row.payUnits,
          giveUnits: row.receiveUnits + row.feeUnits,
        };
        if (!houseCanFill(env, fill)) throw refuse(route, "houseCannotFill");

        const leg = { reference: row.id };
        await ledger.transfer(
          [
            {
              ...leg,
              key: `trade:${row.id}:pay`,
              debit: accounts.userFrom,
              credit: accounts.houseFrom,
              asset: row.fromAsset,
              amount: row.payUnits,
              code: `trade.${row.kind}.pay`,
            },
            {
              ...leg,
              key: `trade:${row.id}:receive`,
              debit: accounts.houseTo,
              credit: accounts.userTo,
              asset: row.toAsset,
              amount: row.receiveUnits,
              code: `trade.${row.kind}.receive`,
            },
            ...(row.feeUnits > 0n
              ? [
                  {
                    ...leg,
                    key: `trade:${row.id}:fee`,
                    debit: accounts.houseTo,
                    credit: accounts.fees,
                    asset: row.toAsset,
                    amount: row.feeUnits,
                    code: "trade.fee",
                  },
                ]
              : []),
          ],
          { tx },
        );
        executed = accepted;
        return tradeOf(accepted);
      });
      // Committed: a second accept of it is answered from here.
      if (executed) recent.put(executed);
      return trade;
    } catch (error) {
      // The balance was checked under the account's lock; the database's own check says the same.
      if (error instanceof LedgerError && error.code === "insufficientFunds") throw refuse(route, "insufficientBalance");
      throw error;
    }
  };
}
