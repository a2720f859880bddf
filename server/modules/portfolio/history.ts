// The history as one list over every kind of entry. Each feature that moves money owns its records
// and answers a page of its own entries (a HistorySource); the portfolio merges the pages newest
// first and keeps the cursor. A card buy is listed from the moment it is ordered, before any money
// moves, so the history cannot be read from ledger transfers alone.
import type { HistoryEntry, HistoryType, OrderStatus } from "../../../contract/index.ts";

/** Where a page starts: strictly older than this entry (time, then id, both descending). */
export interface HistoryPosition {
  at: Date;
  id: string;
}

export interface HistoryQuery {
  userId: string;
  asset?: string;
  status?: OrderStatus;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  before?: Date;
  after: HistoryPosition | null;
  limit: number;
}

/** One feature's entries of one user, newest first by (createdAt, id), at most `limit`. */
export interface HistorySource<T extends HistoryType = HistoryType> {
  type: T;
  /**
   * The tables its entries are read from, for the history's cache (see WatchedCache): `inserts`
   * where a new row alone adds or changes an entry (a write that may change rows always counts).
   * A source without it is not cached: then the history is read from the database every time.
   */
  tables?: readonly { name: string; inserts: boolean }[];
  page(query: HistoryQuery): Promise<Extract<HistoryEntry, { type: T }>[]>;
}

/** A source of any one kind. */
export type AnyHistorySource = { [T in HistoryType]: HistorySource<T> }[HistoryType];

const newestFirst = (a: HistoryEntry, b: HistoryEntry) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;

/**
 * A page over the sources asked (all when no type is): each gives its newest `limit + 1` past the
 * cursor, so the merged first `limit` are the page and one more says whether another follows.
 */
export async function historyPage(sources: readonly AnyHistorySource[], query: HistoryQuery, type?: HistoryType) {
  const asked = sources.filter((source) => type === undefined || source.type === type);
  const pages = await Promise.all(asked.map((source): Promise<HistoryEntry[]> => source.page({ ...query, limit: query.limit + 1 })));
  const merged = pages.flat().sort(newestFirst);
  const items = merged.slice(0, query.limit);
  const last = items.at(-1);
  return { items, nextCursor: merged.length > query.limit && last ? encodeCursor({ at: new Date(last.createdAt), id: last.id }) : null };
}

export function encodeCursor({ at, id }: HistoryPosition): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString("base64url");
}

/** The cursor's position, or undefined when it is not one this server made. */
export function decodeCursor(text: string): HistoryPosition | undefined {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof at !== "string" || typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(Date.parse(at))) return undefined;
    return { at: new Date(at), id };
  } catch {
    return undefined;
  }
}
