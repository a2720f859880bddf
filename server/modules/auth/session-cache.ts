import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Database, Db } from "../../platform/db/open.ts";
import type { Session, User } from "./schema.ts";

/**
 * Verified sessions, with their user, kept in memory for a few seconds so an authenticated read
 * costs no database round trip. What keeps it exact:
 *
 * - Revocation (logout, password reset and change) evicts here at once and NOTIFYs every process
 *   sharing the database from inside the revoking transaction (revokeSession, revokeUserSessions);
 *   until its own notice comes back (the commit) the revoked session is not cached again.
 * - Any statement that may change users rows, from any route, empties the cache: the database
 *   handle reports them (Database.watchWrites), at once and again at commit, other processes' too.
 * - A read that raced an eviction is not stored: every eviction bumps a generation, and put()
 *   refuses results read under an older one.
 * - Idle and absolute expiry are checked against the request's clock on every hit; a session that
 *   looks idle, or is due to have last_seen_at moved, is asked of the database again.
 * - While the process is not listening (PostgreSQL connection lost), nothing is cached.
 *
 * Beside them, each user's linked sign-in providers (what the profile read shows), under the same
 * TTL and bound: emptied by every users write and every statement that may change or delete
 * social_identities rows. Identities are only inserted with their new account, before it has a
 * session; one inserted for an existing account would show within the TTL.
 */
export const SESSION_CACHE = {
  /** How long a verified session is served from memory before the database is asked again. */
  ttlMs: 5_000,
  maxEntries: 10_000,
  /** A revocation's session stays out of the cache until its notice is heard, or this long (a rolled back one sends none). */
  pendingMs: 60_000,
} as const;

/** pg_notify channel of revocations; the payload is a Revocation as JSON. */
export const REVOCATIONS_CHANNEL = "sarraf_sessions_revoked";

/** One session, or every session of a user but `except`; `id` names the notice (for its sender). */
export type Revocation = ({ session: string } | { user: string; except?: string }) & { id: string };

export interface CachedAuth {
  session: Session;
  user: User;
}

interface Entry {
  auth: CachedAuth;
  storedAt: number;
}

const matches = (revocation: Revocation, session: Session) =>
  "session" in revocation ? session.id === revocation.session : session.userId === revocation.user && session.id !== revocation.except;

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, { revocation: Revocation; until: number }>();
  readonly #providers = new Map<string, { providers: readonly string[]; storedAt: number }>();
  #providersGeneration = 0;
  readonly #loading = new Map<string, { generation: number; at: number; result: Promise<CachedAuth | null> }>();
  readonly #tag = randomBytes(6).toString("base64url");
  #sequence = 0;
  #generation = 0;
  #listening = false;
  #waiters: (() => void)[] = [];

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** False until the process listens for revocations, and while it cannot: nothing is cached then. */
  get listening(): boolean {
    return this.#listening;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Resolves once listening (for tests and benchmarks that need a warm cache). */
  whenListening(): Promise<void> {
    return this.#listening ? Promise.resolve() : new Promise((done) => this.#waiters.push(done));
  }

  setListening(listening: boolean): void {
    this.clear();
    this.#listening = listening;
    if (listening) for (const done of this.#waiters.splice(0)) done();
  }

  /** The entry for a token hash, if stored within the TTL. Expiry is the caller's to check. */
  get(tokenHash: string): CachedAuth | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt < SESSION_CACHE.ttlMs) return entry.auth;
    this.#entries.delete(tokenHash);
    return undefined;
  }

  /** Call before reading from the database, and hand the value to put(). */
  generation(): number {
    return this.#generation;
  }

  /** Stores a result read under `generation`, unless anything was evicted since or it is being revoked. */
  put(tokenHash: string, auth: CachedAuth, generation: number): boolean {
    if (!this.#listening || generation !== this.#generation || this.#revoking(auth.session)) return false;
    this.#entries.delete(tokenHash);
    if (this.#entries.size >= SESSION_CACHE.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    // Shared by every request it answers: nobody may change it.
    Object.freeze(auth.session);
    Object.freeze(auth.user);
    this.#entries.set(tokenHash, { auth, storedAt: this.clock() });
    return true;
  }

  evict(tokenHash: string): void {
    if (this.#entries.delete(tokenHash)) this.#generation++;
  }

  /** Forgets everything, e.g. after a write to users. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.clearProviders();
  }

  /** A user's linked providers, if stored within the TTL. */
  providers(userId: string): readonly string[] | undefined {
    const entry = this.#providers.get(userId);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt < SESSION_CACHE.ttlMs) return entry.providers;
    this.#providers.delete(userId);
    return undefined;
  }

  /** Call before reading a user's providers, and hand the value to putProviders(). */
  providersGeneration(): number {
    return this.#providersGeneration;
  }

  /** Stores providers read under `generation`, unless anything was forgotten since. */
  putProviders(userId: string, providers: readonly string[], generation: number): boolean {
    if (!this.#listening || generation !== this.#providersGeneration) return false;
    this.#providers.delete(userId);
    if (this.#providers.size >= SESSION_CACHE.maxEntries) this.#providers.delete(this.#providers.keys().next().value!);
    this.#providers.set(userId, { providers: Object.freeze([...providers]), storedAt: this.clock() });
    return true;
  }

  /** Forgets every user's providers, e.g. after a write to social_identities. */
  clearProviders(): void {
    this.#providersGeneration++;
    this.#providers.clear();
  }

  /**
   * One database load per token at a time: a request that finds a load under way (begun no later
   * than its own clock, with nothing evicted since) waits for it instead of starting another.
   */
  load(tokenHash: string, at: number, start: () => Promise<CachedAuth | null>): Promise<CachedAuth | null> {
    const current = this.#loading.get(tokenHash);
    if (current && current.generation === this.#generation && current.at <= at) return current.result;
    const result = start();
    const loading = { generation: this.#generation, at, result };
    this.#loading.set(tokenHash, loading);
    const done = () => {
      if (this.#loading.get(tokenHash) === loading) this.#loading.delete(tokenHash);
    };
    result.then(done, done);
    return result;
  }

  /** A revocation about to be written by this process: evicts now and keeps it out until heard. */
  begin(target: { session: string } | { user: string; except?: string }): Revocation {
    const revocation: Revocation = { ...target, id: `${this.#tag}.${++this.#sequence}` };
    const now = this.clock();
    for (const [id, { until }] of this.#pending) if (until <= now) this.#pending.delete(id);
    this.#pending.set(revocation.id, { revocation, until: now + SESSION_CACHE.pendingMs });
    this.#evictMatching(revocation);
    return revocation;
  }

  /** The revoking statement failed: nothing was revoked, so nothing needs keeping out. */
  abandon(revocation: Revocation): void {
    this.#pending.delete(revocation.id);
  }

  /** A notice from any process (this one included), at its commit. */
  heard(payload: string): void {
    let revocation: Revocation;
    try {
      revocation = JSON.parse(payload) as Revocation;
    } catch {
      this.clear();
      return;
    }
    this.#evictMatching(revocation);
    this.#pending.delete(revocation.id);
  }

  #evictMatching(revocation: Revocation): void {
    this.#generation++;
    for (const [tokenHash, { auth }] of this.#entries) if (matches(revocation, auth.session)) this.#entries.delete(tokenHash);
  }

  #revoking(session: Session): boolean {
    const now = this.clock();
    for (const [id, { revocation, until }] of this.#pending) {
      if (until <= now) this.#pending.delete(id);
      else if (matches(revocation, session)) return true;
    }
    return false;
  }
}

// One cache per database, found from its handle or any transaction on it: drizzle gives a
// database and its transactions the same relational schema object.
const caches = new WeakMap<object, SessionCache>();
const keyOf = (db: Db): object => db._.schema ?? db;

/** The cache of a database, created (and listening) on first use. */
export function sessionCacheFor(database: Database): SessionCache {
  const key = keyOf(database.db);
  let cache = caches.get(key);
  if (cache) return cache;
  const created = new SessionCache();
  caches.set(key, created);
  // Writes first: by the time revocations are heard (and caching starts), writes are heard too.
  database.watchWrites("users", () => created.clear());
  database.watchWrites("social_identities", () => created.clearProviders());
  database.listen(
    REVOCATIONS_CHANNEL,
    (payload) => created.heard(payload),
    (listening) => created.setListening(listening),
  );
  cache = created;
  return cache;
}

/** The cache of the database a handle or transaction belongs to, if one was created. */
export function sessionCacheOf(db: Db): SessionCache | undefined {
  return caches.get(keyOf(db));
}
