// What the soak checks in the database at the end: every accepted order settled exactly once —
// each accepted trade quote has its pay and receive transfers (and at most one fee), no quote that
// was not accepted moved money, every card buy the client paid for completed and was credited
// once, no order that did not complete was credited — beside checkLedger()'s invariants.
import type { World } from "./actions.ts";

export interface Settlement {
  trades: number;
  cardBuys: number;
  problems: string[];
}

const FINAL = new Set(["completed", "failed", "cancelled", "expired", "refunded", "chargedBack"]);

/** Waits until every card buy the client paid for has a final status (up to `ms`); answers how many are still open. */
export async function cardBuysSettled(world: World, ms: number): Promise<number> {
  const deadline = performance.now() + ms;
  for (;;) {
    const { rows } = await world.pool.query<{ id: string; status: string }>("SELECT id, status FROM onramp_orders WHERE id = ANY($1::uuid[])", [
      [...world.paid],
    ]);
    const open = world.paid.size - rows.filter((row) => FINAL.has(row.status)).length;
    if (open === 0 || performance.now() > deadline) return open;
    await new Promise((wait) => setTimeout(wait, 500));
  }
}

export async function settledExactlyOnce(world: World): Promise<Settlement> {
  const problems: string[] = [];
  const moved = new Map<string, Map<string, number>>();
  const { rows: transfers } = await world.pool.query<{ key: string }>(
    "SELECT idempotency_key AS key FROM ledger_transfers WHERE idempotency_key LIKE 'trade:%' OR idempotency_key LIKE 'onramp:%'",
  );
  for (const { key } of transfers) {
    const [, id, part] = key.split(":");
    const parts = moved.get(id!) ?? new Map<string, number>();
    moved.set(id!, parts.set(part!, (parts.get(part!) ?? 0) + 1));
  }
  const once = (id: string, part: string) => moved.get(id)?.get(part) ?? 0;

  const { rows: quotes } = await world.pool.query<{ id: string; status: string }>("SELECT id, status FROM trade_quotes");
  const quoteStatus = new Map(quotes.map((row) => [row.id, row.status]));
  let trades = 0;
  for (const { id, status } of quotes) {
    if (status === "accepted") {
      trades++;
      if (once(id, "pay") !== 1 || once(id, "receive") !== 1 || once(id, "fee") > 1)
        problems.push(`trade ${id}: accepted with ${once(id, "pay")} pay, ${once(id, "receive")} receive, ${once(id, "fee")} fee transfers`);
    } else if (moved.has(id)) problems.push(`trade ${id}: ${status} yet moved money`);
  }
  for (const id of world.accepted)
    if (quoteStatus.get(id) !== "accepted") problems.push(`trade ${id}: its accept answered 200 but it is ${quoteStatus.get(id)}`);

  const { rows: orders } = await world.pool.query<{ id: string; status: string }>("SELECT id, status FROM onramp_orders");
  const orderStatus = new Map(orders.map((row) => [row.id, row.status]));
  let cardBuys = 0;
  for (const { id, status } of orders) {
    if (status === "completed") {
      cardBuys++;
      if (once(id, "credit") !== 1 || once(id, "fee") > 1)
        problems.push(`card buy ${id}: completed with ${once(id, "credit")} credits, ${once(id, "fee")} fees`);
    } else if (moved.has(id) && status !== "refunded" && status !== "chargedBack") problems.push(`card buy ${id}: ${status} yet credited`);
  }
  for (const id of world.paid) if (orderStatus.get(id) !== "completed") problems.push(`card buy ${id}: paid but ${orderStatus.get(id) ?? "missing"}`);
  const stray = [...moved.keys()].filter((id) => !quoteStatus.has(id) && !orderStatus.has(id));
  if (stray.length > 0) problems.push(`${stray.length} transfer group(s) name no quote or order: ${stray.slice(0, 3).join(", ")}`);
  return { trades, cardBuys, problems };
}
