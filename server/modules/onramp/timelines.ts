// An order's timeline: the steps it reached, each once, with when.
import { asc, inArray } from "drizzle-orm";
import type { OrderStep } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import { onrampOrderSteps } from "./schema.ts";

/** Each order's timeline, oldest step first. */
export async function orderTimelines(db: Db, ids: string[]): Promise<Map<string, { step: OrderStep; at: Date }[]>> {
  const map = new Map<string, { step: OrderStep; at: Date }[]>();
  if (ids.length === 0) return map;
  const rows = await db.select().from(onrampOrderSteps).where(inArray(onrampOrderSteps.orderId, ids)).orderBy(asc(onrampOrderSteps.at));
  for (const row of rows) map.set(row.orderId, [...(map.get(row.orderId) ?? []), { step: row.step, at: row.at }]);
  return map;
}
