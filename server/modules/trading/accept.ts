// Accepting a quote: one transaction that locks the quote's row, checks it is the user's, open and
// not expired, that the live mid price is within TRADE_PRICE_TOLERANCE_BPS of the quoted one, that
// the user owes none of what they give up, has it available and that the house can fill; then one
// group of ledger transfers (user → house inventory, house inventory → user, house inventory →
// fees) with keys made from the quote's id, and the quote marked accepted. A second accept of the
// same quote finds it accepted and answers the same trade; any refusal changes nothing.
import { eq } from "drizzle-orm";
import type { Amount, Trade } from "../../../contract/index.ts";
import { decimal, fromMinor } from "../../../contract/decimal.ts";
import type { Db } from "../../platform/db/open.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { LedgerError, type Ledger } from "../ledger/index.ts";
import type { Catalog } from "../market/index.ts";
import { movedBeyond } from "./figures.ts";
import { houseCanFill, tradeAccounts } from "./house.ts";
import { pairPrices } from "./pricing.ts";
import type { TradingSettings } from "./quotes.ts";
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

export function createAccept({ db, env, ledger, catalog, now }: AcceptDeps) {
  return async function accept(route: AcceptRoute, userId: string, quoteId: string, onlyKind?: TradeQuoteRow["kind"]): Promise<Trade | "wrongKind"> {
    // Who and what never change on a quote: read once, before the transaction, to find the accounts and prices.
    const [known] = await db.select().from(tradeQuotes).where(eq(tradeQuotes.id, quoteId));
    if (!known || known.userId !== userId) throw refuse(route, "quoteNotFound");
    if (onlyKind && known.kind !== onlyKind) return "wrongKind";
    if (known.status === "accepted") return tradeOf(known);
    const accounts = await tradeAccounts(ledger, userId, known.fromAsset, known.toAsset);
    const [live, debts] = await Promise.all([pairPrices(catalog, known.kind, known.fromAsset, known.toAsset), ledger.debts(userId)]);

    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.select().from(tradeQuotes).where(eq(tradeQuotes.id, quoteId)).for("update");
        if (!row) throw refuse(route, "quoteNotFound");
        // Accepted meanwhile (another request with the same quote): the same trade.
        if (row.status === "accepted") return tradeOf(row);
        const at = now();
        if (row.expiresAt.getTime() <= at.getTime()) throw refuse(route, "quoteExpired");
        if (!live.ok) throw refuse(route, live.reason);
        if (movedBeyond(decimal(row.mid), live.prices.mid, env.TRADE_PRICE_TOLERANCE_BPS)) throw refuse(route, "priceMoved");
        if (debts.some((debt) => debt.asset === row.fromAsset)) throw refuse(route, "debtOutstanding");

        const positions = await ledger.lockPositions([accounts.userFrom, accounts.houseFrom, accounts.houseTo], { tx });
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
        const [accepted] = await tx.update(tradeQuotes).set({ status: "accepted", acceptedAt: at }).where(eq(tradeQuotes.id, row.id)).returning();
        return tradeOf(accepted!);
      });
    } catch (error) {
      // The balance was checked under the account's lock; the database's own check says the same.
      if (error instanceof LedgerError && error.code === "insufficientFunds") throw refuse(route, "insufficientBalance");
      throw error;
    }
  };
}
