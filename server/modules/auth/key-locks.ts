import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";

/**
 * The kinds of key a limit is counted by. Each is a namespace of pg_advisory_xact_lock(int, int),
 * so keys of two kinds never share a lock.
 */
export const KEY_SPACE = {
  codeEmail: 1,
  codeAddress: 2,
  attemptAccount: 3,
  attemptAddress: 4,
} as const;

export type KeySpace = (typeof KEY_SPACE)[keyof typeof KEY_SPACE];

/**
 * Serializes, until the transaction ends, every transaction that locks one of these keys: a limit
 * is counted and its row written while no one else counts the same key, so exactly the stated
 * number gets past it. Locks are taken in ascending key space, at most one key per space, so two
 * transactions never wait for each other in a cycle. PGlite runs one transaction at a time, where
 * this costs nothing and changes nothing.
 */
export async function lockKeys(tx: Db, keys: Partial<Record<KeySpace, string>>): Promise<void> {
  const ordered = Object.entries(keys)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([space, key]) => [Number(space), key] as const)
    .sort(([a], [b]) => a - b);
  for (const [space, key] of ordered) {
    await tx.execute(sql`select pg_advisory_xact_lock(${space}::int, hashtext(${key}))`);
  }
}
