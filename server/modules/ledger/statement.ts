// A batch of transfers in ONE statement, so a transaction costs one round trip instead of five
// (BEGIN, lock, INSERT, UPDATE, COMMIT). Its steps, each a CTE, run in this order because each
// reads the one before it:
// 1. lock every account the batch touches, one by one in id order (a nested loop over the sorted
//    ids), so concurrent batches neither deadlock nor lose an update;
// 2. decide a refusal (unknown account, asset mismatch, a key used before with another request)
//    from what was locked and the keys already visible; the INSERT's one-time filter waits for it,
//    so nothing is written before every lock is held, and nothing at all when refused;
// 3. insert the new transfers (a key seen before answers its first transfer instead);
// 4. add what they move to their accounts in one UPDATE, whose CHECK constraints refuse a
//    negative balance (the statement, and with it the batch, then fails whole).
// A key committed by another transaction after this statement's snapshot is not visible to step 2;
// batch.ts says how each caller handles it.
import { LedgerError, type LedgerErrorCode } from "./errors.ts";
import { hashOf, type Transfer, type TransferRequest } from "./requests.ts";
import type { TransferPhase } from "./schema.ts";

const COLUMNS = "id, seq, idempotency_key, debit_account_id, credit_account_id, asset, amount, phase, pending_id, timeout_at, code, reference, created_at";

/**
 * The statement's text: `$1` is the batch as a JSON array. On its own it inserts plainly (a key
 * raced in by another transaction fails it whole, to be retried); inside a caller's transaction a
 * failed statement would abort that transaction, so it skips such a key (ON CONFLICT DO NOTHING).
 *
 * Its plan is made once per connection and kept (prepared.ts), so it must stay good as the tables
 * grow from empty: accounts and keys are found through their indexes, one lateral lookup per id
 * (a subquery with FOR UPDATE or LIMIT is never turned into a join that scans the whole table),
 * and the accounts are locked in the order of the sorted ids that drive those lookups. Only the
 * UPDATE's join is left to the planner: while the accounts fit a few pages it scans them, which a
 * later plan (autovacuum's statistics, or prepared.ts's RUNS_PER_PLAN on PGlite) stops doing.
 */
const text = (onConflict: string) => `
WITH req AS MATERIALIZED (
  SELECT * FROM json_to_recordset($1::json)
    AS r(n int, ikey text, hash text, debit uuid, credit uuid, asset text, amount numeric, timeout_at timestamptz, code text, reference text)
), wanted AS MATERIALIZED (
  SELECT debit AS id, asset FROM req UNION SELECT credit, asset FROM req
), locked AS MATERIALIZED (
  SELECT w.id, w.asset AS wanted, a.asset
    FROM (SELECT id, asset FROM wanted ORDER BY id) AS w
    LEFT JOIN LATERAL (SELECT asset FROM ledger_accounts WHERE ledger_accounts.id = w.id FOR UPDATE) AS a ON true
), prior AS MATERIALIZED (
  SELECT req.hash AS wanted, t.* FROM req
   CROSS JOIN LATERAL (SELECT ${COLUMNS}, payload_hash FROM ledger_transfers WHERE idempotency_key = req.ikey LIMIT 1) AS t
), verdict AS MATERIALIZED (
  -- count(*) reads every row of locked: every lock is held before anything is written.
  SELECT CASE
    WHEN count(*) FILTER (WHERE asset IS NULL) > 0 THEN 'unknownAccount'
    WHEN count(*) FILTER (WHERE asset <> wanted) > 0 THEN 'assetMismatch'
    WHEN EXISTS (SELECT FROM prior WHERE payload_hash <> wanted) THEN 'idempotencyConflict'
  END AS refusal
  FROM locked
), made AS (
  INSERT INTO ledger_transfers (idempotency_key, payload_hash, debit_account_id, credit_account_id, asset, amount, phase, timeout_at, code, reference)
  SELECT ikey, hash, debit, credit, asset, amount, CASE WHEN timeout_at IS NULL THEN 'posted' ELSE 'pending' END, timeout_at, code, reference
    FROM req
   WHERE (SELECT refusal FROM verdict) IS NULL AND ikey NOT IN (SELECT idempotency_key FROM prior)
   ORDER BY n
  ${onConflict}
  RETURNING ${COLUMNS}
), made_moves AS (
  SELECT debit_account_id, credit_account_id,
         CASE WHEN phase = 'pending' THEN amount ELSE 0 END AS held, CASE WHEN phase = 'posted' THEN amount ELSE 0 END AS posted
    FROM made
), moved AS (
  UPDATE ledger_accounts AS a
     SET debits_pending = a.debits_pending + d.dh, debits_posted = a.debits_posted + d.dp,
         credits_pending = a.credits_pending + d.ch, credits_posted = a.credits_posted + d.cp
    FROM (
      SELECT id, sum(dh) AS dh, sum(dp) AS dp, sum(ch) AS ch, sum(cp) AS cp FROM (
        SELECT debit_account_id AS id, held AS dh, posted AS dp, 0 AS ch, 0 AS cp FROM made_moves
        UNION ALL SELECT credit_account_id, 0, 0, held, posted FROM made_moves
      ) AS m GROUP BY id
    ) AS d
   WHERE a.id = d.id
), answer AS (
  SELECT ${COLUMNS} FROM made UNION ALL SELECT ${COLUMNS} FROM prior
)
SELECT v.refusal, req.ikey AS key, t.id, t.seq::text AS seq, t.debit_account_id AS debit, t.credit_account_id AS credit, t.asset,
       t.amount::text AS amount, t.phase, t.pending_id, (extract(epoch FROM t.timeout_at) * 1000)::float8 AS timeout_ms,
       t.code, t.reference, (extract(epoch FROM t.created_at) * 1000)::float8 AS created_ms
  FROM req CROSS JOIN verdict AS v LEFT JOIN answer AS t ON t.idempotency_key = req.ikey
 ORDER BY req.n`;

/** The statement's text, on its own or inside a caller's transaction; `$1` is the batch (see `encode`). */
export const TRANSFER = { alone: text(""), inside: text("ON CONFLICT (idempotency_key) DO NOTHING") };

/** What the statement writes, named for the platform's write watching (see prepared.ts). */
export const TRANSFER_WRITES = "UPDATE ledger_accounts, INSERT INTO ledger_transfers";

/** A row of the statement's answer; `id` is null for a key another transaction raced in. */
export interface AnswerRow {
  refusal: LedgerErrorCode | null;
  key: string;
  id: string | null;
  seq: string;
  debit: string;
  credit: string;
  asset: string;
  amount: string;
  phase: TransferPhase;
  pending_id: string | null;
  timeout_ms: number | null;
  code: string;
  reference: string | null;
  created_ms: number;
}

/** Both drivers answer raw statements as `{ rows }`. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

export interface Encoded {
  /** The statement's one parameter. */
  json: string;
  /** Each request's payload hash, by key (for a key that raced in). */
  hashes: Map<string, string>;
}

/** The batch as the statement's parameter; the hash is what the idempotency key remembers. */
export function encode(list: TransferRequest[], now: Date): Encoded {
  const hashes = new Map<string, string>();
  const rows = list.map((request, n) => {
    const hash = hashOf({
      debit: request.debit,
      credit: request.credit,
      asset: request.asset,
      amount: request.amount.toString(),
      code: request.code,
      reference: request.reference ?? null,
      holdSeconds: request.holdSeconds ?? null,
    });
    hashes.set(request.key, hash);
    return {
      n,
      ikey: request.key,
      hash,
      debit: request.debit,
      credit: request.credit,
      asset: request.asset,
      amount: request.amount.toString(),
      timeout_at: request.holdSeconds === undefined ? null : new Date(now.getTime() + request.holdSeconds * 1000).toISOString(),
      code: request.code,
      reference: request.reference ?? null,
    };
  });
  return { json: JSON.stringify(rows), hashes };
}

/** The statement's answer as transfers, or its refusal; null where a key raced in. */
export function decode(rows: AnswerRow[]): (Transfer | null)[] {
  const refusal = rows[0]?.refusal;
  if (refusal) throw new LedgerError(refusal);
  return rows.map((row) =>
    row.id === null
      ? null
      : {
          id: row.id,
          seq: BigInt(row.seq),
          key: row.key,
          debit: row.debit,
          credit: row.credit,
          asset: row.asset,
          amount: BigInt(row.amount),
          phase: row.phase,
          pendingId: row.pending_id,
          timeoutAt: row.timeout_ms === null ? null : new Date(row.timeout_ms),
          code: row.code,
          reference: row.reference,
          createdAt: new Date(row.created_ms),
        },
  );
}
