import { performance } from "node:perf_hooks";
import { WRITES_CHANNEL, type Notifications } from "./changes.ts";

/**
 * Reads kept in memory, by key, for at most `ttlMs`, and forgotten entirely the moment a statement
 * that may change rows of any of `tables` runs (Notifications.watchWrites: at once and again when
 * its transaction ends, other processes' when they commit). What keeps it exact:
 *
 * - A read that raced a write is not stored: every write bumps a generation, and a result read
 *   under an older one is answered but not kept.
 * - While the process does not hear other processes' writes (PostgreSQL listening connection
 *   down), nothing is cached; the TTL bounds what writes made outside this code (psql) leave.
 * - Only statements that may change existing rows count, and plain INSERTs into the tables named
 *   with inserts: true (a list that a new row extends).
 */
export interface WatchedCacheOptions {
  ttlMs: number;
  maxEntries: number;
  clock?: () => number;
}

export class WatchedCache<V> {
  readonly #entries = new Map<string, { value: V; storedAt: number }>();
  readonly #clock: () => number;
  #generation = 0;
  #listening = false;

  constructor(private readonly options: WatchedCacheOptions) {
    this.#clock = options.clock ?? (() => performance.now());
  }

  get size(): number {
    return this.#entries.size;
  }

  get listening(): boolean {
    return this.#listening;
  }

  setListening(listening: boolean): void {
    this.clear();
    this.#listening = listening;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (this.#clock() - entry.storedAt < this.options.ttlMs) return entry.value;
    this.#entries.delete(key);
    return undefined;
  }

  /** Call before reading, and hand the value to put(). */
  generation(): number {
    return this.#generation;
  }

  put(key: string, value: V, generation: number): boolean {
    if (!this.#listening || generation !== this.#generation) return false;
    this.#entries.delete(key);
    if (this.#entries.size >= this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, { value, storedAt: this.#clock() });
    return true;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** The kept value, or `load()`'s, kept unless a watched write ran meanwhile. */
  async read(key: string, load: () => Promise<V>): Promise<V> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const generation = this.#generation;
    const value = await load();
    this.put(key, value, generation);
    return value;
  }
}

/**
 * A cache emptied by every write to `tables` (and every INSERT into those given with inserts: true),
 * caching only while other processes' writes are heard.
 */
export function watchedCache<V>(
  notifications: Pick<Notifications, "watchWrites" | "listen">,
  tables: readonly (string | { name: string; inserts: boolean })[],
  options: WatchedCacheOptions,
): WatchedCache<V> {
  const cache = new WatchedCache<V>(options);
  for (const table of tables) {
    const { name, inserts } = typeof table === "string" ? { name: table, inserts: false } : table;
    notifications.watchWrites(name, () => cache.clear(), { inserts });
  }
  notifications.listen(
    WRITES_CHANNEL,
    () => {},
    (listening) => cache.setListening(listening),
  );
  return cache;
}
