// What a transaction adds to its accounts' columns, written in one statement.
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type Columns = { debitsPending: bigint; debitsPosted: bigint; creditsPending: bigint; creditsPosted: bigint };

/** What a transaction adds to each account's columns, written in one UPDATE (the accounts are locked). */
export class Changes {
  private readonly byAccount = new Map<string, Columns>();

  add(account: string, change: Partial<Columns>): this {
    const current = this.byAccount.get(account) ?? { debitsPending: 0n, debitsPosted: 0n, creditsPending: 0n, creditsPosted: 0n };
    for (const [column, value] of Object.entries(change) as [keyof Columns, bigint][]) current[column] += value;
    this.byAccount.set(account, current);
    return this;
  }

  async apply(tx: Tx): Promise<void> {
    if (this.byAccount.size === 0) return;
    const values = sql.join(
      [...this.byAccount].map(
        ([id, c]) =>
          sql`(${id}::uuid, ${c.debitsPending.toString()}::numeric, ${c.debitsPosted.toString()}::numeric, ${c.creditsPending.toString()}::numeric, ${c.creditsPosted.toString()}::numeric)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE ledger_accounts AS a
         SET debits_pending = a.debits_pending + d.dh, debits_posted = a.debits_posted + d.dp,
             credits_pending = a.credits_pending + d.ch, credits_posted = a.credits_posted + d.cp
        FROM (VALUES ${values}) AS d(id, dh, dp, ch, cp)
       WHERE a.id = d.id`);
  }
}
