// The ledger: the one module that writes balances. Every movement is a transfer of one amount of
// one asset from a debit account to a credit account, in one transaction that locks the accounts
// in a fixed order (by id), so concurrent transfers neither deadlock nor lose an update, on PGlite
// and on PostgreSQL alike. Holds are two-phase, as in TigerBeetle: a pending transfer that is later
// posted (in full or in part), voided, or expires. Every request carries an idempotency key: the
// same key with the same request answers the first result; with another request it is refused
// (Stripe's semantics). Amounts are bigints in the asset's minor units, never floating point.
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/open.ts";
import { Changes, type Tx } from "./changes.ts";
import { checkLedger } from "./check.ts";
import { batchWriter } from "./batch.ts";
import { databaseRefusal, LedgerError, sqlState } from "./errors.ts";
import { groupCommit } from "./group.ts";
import { movementsOf } from "./movements.ts";
import { debtsOf, existingPositions, lockPositions, whereAccount, type AccountWanted, type Position } from "./positions.ts";
import { onPglite } from "./prepared.ts";
import { hashOf, KEY, toTransfer, validate, type Balance, type ResolveRequest, type Transfer, type TransferRequest } from "./requests.ts";
import { ledgerAccounts, ledgerTransfers, type AccountCode } from "./schema.ts";

export type { Balance, Position, ResolveRequest, Transfer, TransferRequest };

export interface LedgerOptions {
  now?: () => Date;
  /**
   * How many groups of transfers (group.ts) are written at a time: PGlite has one session, so one;
   * on PostgreSQL a second group, on other accounts, runs while the first waits for its commit's
   * flush (bench:ledger found 1, 2 and 3 alike within its noise on two cores; BENCH_GROUPS_IN_FLIGHT).
   */
  groupsInFlight?: number;
}

const GROUPS_ON_POSTGRES = 2;

export function createLedger(db: Db, { now = () => new Date(), groupsInFlight = onPglite(db) ? 1 : GROUPS_ON_POSTGRES }: LedgerOptions = {}) {
  const houseIds = new Map<string, string>();
  // An account's id never changes and an account is never deleted: users' ids are kept once found.
  const userIds = new Map<string, string>();
  const USER_IDS_KEPT = 50_000;
  const { writeAlone, writeInside } = batchWriter(db, now);
  const groups = groupCommit(writeAlone, groupsInFlight);

  async function accountId(values: { asset: string; code: AccountCode; userId: string | null }): Promise<string> {
    const cacheKey = values.userId === null ? null : `${values.userId}:${values.code}:${values.asset}`;
    const known = cacheKey === null ? undefined : userIds.get(cacheKey);
    if (known) return known;
    const id = await findOrMake(values);
    if (cacheKey !== null) {
      if (userIds.size >= USER_IDS_KEPT) userIds.clear();
      userIds.set(cacheKey, id);
    }
    return id;
  }

  async function findOrMake(values: { asset: string; code: AccountCode; userId: string | null }): Promise<string> {
    const where = whereAccount(values);
    const [found] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (found) return found.id;
    try {
      await db
        .insert(ledgerAccounts)
        .values({ ...values, debitsMustNotExceedCredits: values.code === "user" })
        .onConflictDoNothing();
    } catch (error) {
      // An asset we do not list, or a user that does not exist.
      if (sqlState(error) === "23503") throw new LedgerError("unknownAccount");
      throw error;
    }
    const [made] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
    if (!made) throw new LedgerError("unknownAccount");
    return made.id;
  }

  /** Locks the accounts for the rest of the transaction, in id order; answers each one's asset. */
  async function lock(tx: Tx, ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)].sort();
    const rows = await tx
      .select({ id: ledgerAccounts.id, asset: ledgerAccounts.asset })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, unique))
      .orderBy(asc(ledgerAccounts.id))
      .for("update");
    if (rows.length !== unique.length) throw new LedgerError("unknownAccount");
    return new Map(rows.map((row) => [row.id, row.asset]));
  }

  /** The transfer a key already made: the first result for the same request, a refusal for another. */
  async function replay(tx: Tx, key: string, hash: string): Promise<Transfer | null> {
    const [existing] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, key));
    if (!existing) return null;
    if (existing.payloadHash !== hash) throw new LedgerError("idempotencyConflict");
    return toTransfer(existing);
  }

  /** In a transaction of its own, or in the caller's (whose other writes then commit or fail with it). */
  async function run<T>(work: (tx: Tx) => Promise<T>, inside?: Tx): Promise<T> {
    try {
      return await (inside ? work(inside) : db.transaction(work));
    } catch (error) {
      throw databaseRefusal(error) ?? error;
    }
  }

  return {
    /** A user's account for an asset, made on first use. */
    userAccount: (userId: string, asset: string) => accountId({ asset, code: "user", userId }),

    /** Accounts' positions where they exist, made of nothing, in one query (positions.ts). */
    existing: (list: readonly AccountWanted[]) => existingPositions(db, list),

    /** What a user owes the house in an asset (a reversed card payment): may go below zero. Made on first use. */
    receivableAccount: (userId: string, asset: string) => accountId({ asset, code: "receivable", userId }),

    /** Locks accounts in the caller's transaction (in id order, as transfers do) and answers their positions. */
    lockPositions: (ids: string[], { tx }: { tx: Tx }): Promise<Map<string, Position>> => lockPositions(tx, ids),

    /** What the user owes, per asset (a sell or a withdrawal of that asset must wait until it is repaid). */
    debts: (userId: string) => debtsOf(db, userId),

    /** One of the house's accounts for an asset (settlement of the on-ramp, fees, treasury). */
    async houseAccount(code: Exclude<AccountCode, "user" | "receivable">, asset: string): Promise<string> {
      const cacheKey = `${code}:${asset}`;
      const cached = houseIds.get(cacheKey);
      if (cached) return cached;
      const id = await accountId({ asset, code, userId: null });
      houseIds.set(cacheKey, id);
      return id;
    },

    /**
     * Transfers, all or none, in one transaction. A request whose key was used before answers that
     * first transfer (same request) or refuses the whole batch (another request). Outside a caller's
     * transaction, concurrent calls share a commit (group.ts), each answered as if it ran alone.
     */
    async transfer(requests: TransferRequest | TransferRequest[], options: { tx?: Tx } = {}): Promise<Transfer[]> {
      const list = Array.isArray(requests) ? requests : [requests];
      if (list.length === 0 || list.length > 100) throw new LedgerError("invalidRequest");
      for (const request of list) validate(request);
      if (new Set(list.map((request) => request.key)).size !== list.length) throw new LedgerError("invalidRequest");
      return options.tx ? writeInside(options.tx, list) : groups.submit(list);
    },

    /**
     * Posts (in full or in part) or voids a hold, once; a hold past its time can only be voided or
     * expired. In its own transaction, or in the caller's (whose other writes then commit or fail with it).
     */
    async resolve(request: ResolveRequest, options: { tx?: Tx } = {}): Promise<Transfer> {
      if (!KEY.test(request.key)) throw new LedgerError("invalidRequest");
      if (request.amount !== undefined && (typeof request.amount !== "bigint" || request.amount <= 0n)) throw new LedgerError("invalidAmount");
      return resolveHold(request.key, request.pendingId, request.action, request.amount, options.tx);
    },

    /** Expires every hold whose time has passed (each once); answers how many. */
    async expireDue(limit = 500): Promise<number> {
      const resolution = alias(ledgerTransfers, "resolution");
      const due = await db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .leftJoin(resolution, eq(resolution.pendingId, ledgerTransfers.id))
        .where(and(eq(ledgerTransfers.phase, "pending"), lte(ledgerTransfers.timeoutAt, now()), isNull(resolution.id)))
        .orderBy(asc(ledgerTransfers.timeoutAt))
        .limit(limit);
      let expired = 0;
      for (const { id } of due) {
        try {
          await resolveHold(`expire:${id}`, id, "expire");
          expired++;
        } catch (error) {
          // Posted or voided meanwhile by another process: nothing to expire.
          if (!(error instanceof LedgerError && error.code === "pendingResolved")) throw error;
        }
      }
      return expired;
    },

    /** A user's balances, per asset, with what is held. */
    async balances(userId: string): Promise<Balance[]> {
      const rows = await db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.code, "user")))
        .orderBy(asc(ledgerAccounts.asset));
      return rows.map((row) => {
        const balance = row.creditsPosted - row.debitsPosted;
        return { asset: row.asset, account: row.id, balance, held: row.debitsPending, available: balance - row.debitsPending, incoming: row.creditsPending };
      });
    },

    /** Every posted movement of a user's own accounts, oldest first (profit and loss, value over time). */
    movements: (userId: string) => movementsOf(db, userId),

    /** An account's posted and pending columns. */
    async account(id: string) {
      const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id));
      return row ?? null;
    },

    /** The ledger's invariants, recomputed from every transfer (tests, the reconciler, operators). */
    check: () => checkLedger(db),
  };

  async function resolveHold(key: string, pendingId: string, action: "post" | "void" | "expire", amount?: bigint, inside?: Tx): Promise<Transfer> {
    return run(async (tx) => {
      const [hold] = await tx
        .select()
        .from(ledgerTransfers)
        .where(and(eq(ledgerTransfers.id, pendingId), eq(ledgerTransfers.phase, "pending")));
      if (!hold) throw new LedgerError("pendingNotFound");
      await lock(tx, [hold.debitAccountId, hold.creditAccountId]);
      const posted = action === "post" ? (amount ?? hold.amount) : hold.amount;
      const hash = hashOf({ pendingId, action, amount: posted.toString() });
      const replayed = await replay(tx, key, hash);
      if (replayed) return replayed;
      // After the lock: a resolution committed by another transaction meanwhile is visible now.
      const [resolved] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pendingId));
      if (resolved) throw new LedgerError("pendingResolved");
      if (action === "post" && hold.timeoutAt && hold.timeoutAt.getTime() <= now().getTime()) throw new LedgerError("pendingExpired");
      if (action === "expire" && hold.timeoutAt && hold.timeoutAt.getTime() > now().getTime()) throw new LedgerError("invalidRequest");
      if (posted > hold.amount) throw new LedgerError("invalidAmount");
      const [row] = await tx
        .insert(ledgerTransfers)
        .values({
          idempotencyKey: key,
          payloadHash: hash,
          debitAccountId: hold.debitAccountId,
          creditAccountId: hold.creditAccountId,
          asset: hold.asset,
          amount: posted,
          phase: action,
          pendingId,
          code: hold.code,
          reference: hold.reference,
        })
        .returning();
      const changes = new Changes()
        .add(hold.debitAccountId, { debitsPending: -hold.amount, debitsPosted: action === "post" ? posted : 0n })
        .add(hold.creditAccountId, { creditsPending: -hold.amount, creditsPosted: action === "post" ? posted : 0n });
      await changes.apply(tx);
      return toTransfer(row!);
    }, inside);
  }
}

export type Ledger = ReturnType<typeof createLedger>;
