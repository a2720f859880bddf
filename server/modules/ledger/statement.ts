// A batch of transfers in ONE statement, so a transaction costs one round trip instead of five
// (BEGIN, lock, INSERT, UPDATE, COMMIT). The batch may hold several callers' calls (group.ts): each
// is all or nothing on its own and answered as if the calls had been written alone, one after
// another in their order. The steps, each a CTE, run in this order because each reads the one
// before it:
// 1. lock every account the batch touches, one by one in id order (a nested loop over the sorted
//    ids), so concurrent batches neither deadlock nor lose an update, and read what each may spend;
// 2. decide each call's refusal (unknown account, asset mismatch, a key used before with another
//    request) from what was locked and the keys already visible; then, in a group whose calls
//    together would take an account that must not go negative below zero on the way, walk them
//    in order, keeping what each such account may still spend, and refuse a call that would take
//    one below zero (the calls after it see the balances without it);
// 3. insert the new transfers of the calls not refused (a key seen before answers its first
//    transfer instead); the INSERT's one-time filter waits for step 2, so nothing is written
//    before every lock is held;
// 4. add what they move to their accounts in one UPDATE, whose CHECK constraints refuse a
//    negative balance: that is what refuses a call alone (the statement then fails whole).
// A key committed by another transaction after this statement's snapshot is not visible to step 2;
// batch.ts says how each caller handles it.
const COLUMNS = "id, seq, idempotency_key, debit_account_id, credit_account_id, asset, amount, phase, pending_id, timeout_at, code, reference, created_at";

/**
 * Only in a group (a call alone is left to the CHECK, which also tries its keys): whether the calls
 * together would take an account that must not go negative below zero on the way, and only then,
 * each call in turn against what those accounts may still spend after the calls before it.
 */
const WALK = `), moves AS MATERIALIZED (
  -- What each call moves on each account that must not go negative, numbered j in call order.
  SELECT row_number() OVER (ORDER BY m.g, m.id)::int AS j, m.g, m.id, l.spendable, sum(m.delta) AS delta
    FROM (
      SELECT g, debit AS id, -amount AS delta FROM fresh
      UNION ALL SELECT g, credit, CASE WHEN timeout_at IS NULL THEN amount ELSE 0 END FROM fresh
    ) AS m JOIN locked AS l ON l.id = m.id
   WHERE l.guarded
   GROUP BY m.g, m.id, l.spendable
), overdrawn AS MATERIALIZED (
  -- Whether the calls together would take one below zero on the way: only then are they walked.
  SELECT EXISTS (SELECT FROM (SELECT spendable + sum(delta) OVER (PARTITION BY id ORDER BY g) AS left FROM moves) AS m WHERE m.left < 0) AS yes
), plan AS MATERIALIZED (
  SELECT array_agg(g ORDER BY g) AS calls, array_agg(first ORDER BY g) AS firsts, array_agg(last ORDER BY g) AS lasts,
         (SELECT array_agg(id::text ORDER BY j) FROM moves) AS accounts, (SELECT array_agg(delta ORDER BY j) FROM moves) AS deltas
    FROM (SELECT g, min(j) AS first, max(j) AS last FROM moves GROUP BY g) AS c
), walk (k, spendable, short) AS (
  -- Call k of the plan, given what each of those accounts may spend after the calls before it.
  SELECT 1, coalesce((SELECT jsonb_object_agg(id, spendable) FROM locked WHERE guarded), '{}'), ARRAY[]::int[]
  UNION ALL
  SELECT w.k + 1, CASE WHEN c.fits THEN w.spendable || c.after ELSE w.spendable END,
         CASE WHEN c.fits THEN w.short ELSE w.short || p.calls[w.k] END
    FROM walk AS w CROSS JOIN plan AS p
    CROSS JOIN LATERAL (
      SELECT bool_and((w.spendable -> p.accounts[j])::numeric + p.deltas[j] >= 0) AS fits,
             jsonb_object_agg(p.accounts[j], (w.spendable -> p.accounts[j])::numeric + p.deltas[j]) AS after
        FROM generate_series(p.firsts[w.k], p.lasts[w.k]) AS j
    ) AS c
   WHERE w.k <= cardinality(p.calls)`;

/** In a group: whether no account changed since the snapshot, and the calls refused for lack of funds. */
const STEADY_AND_SHORT = `coalesce(bool_and(version = seen), true) AS steady,
         CASE WHEN (SELECT yes FROM overdrawn) THEN (SELECT short FROM walk ORDER BY k DESC LIMIT 1) ELSE '{}' END AS short`;

/**
 * The statement's text: `$1` is the batch as a JSON array, `g` numbering its calls. On its own it
 * inserts plainly (a key raced in by another transaction fails it whole, to be retried); inside a
 * caller's transaction a failed statement would abort that transaction, so it skips such a key
 * (ON CONFLICT DO NOTHING).
 *
 * Its plan is made once per connection and kept (prepared.ts), so it must stay good as the tables
 * grow from empty: accounts and keys are found through their indexes, one lateral lookup per id
 * (a subquery with FOR UPDATE or LIMIT is never turned into a join that scans the whole table),
 * and the accounts are locked in the order of the sorted ids that drive those lookups. Only the
 * UPDATE's join is left to the planner: while the accounts fit a few pages it scans them, which a
 * later plan (autovacuum's statistics, or prepared.ts's RUNS_PER_PLAN on PGlite) stops doing.
 * FOR UPDATE answers the newest version of a row that another transaction changed meanwhile, so
 * what an account may spend is read after that transaction, and the UPDATE writes from it.
 */
const text = (onConflict: string, group: boolean) => `
WITH RECURSIVE req AS MATERIALIZED (
  SELECT * FROM json_to_recordset($1::json)
    AS r(n int, g int, ikey text, hash text, debit uuid, credit uuid, asset text, amount numeric, timeout_at timestamptz, code text, reference text)
), wanted AS MATERIALIZED (
  SELECT debit AS id FROM req UNION SELECT credit FROM req
), locked AS MATERIALIZED (
  SELECT w.id, a.*, a.credits_posted - a.debits_posted - a.debits_pending AS spendable${group ? ", (SELECT xmin FROM ledger_accounts WHERE id = w.id) AS seen" : ""}
    FROM (SELECT id FROM wanted ORDER BY id) AS w
    LEFT JOIN LATERAL (
      SELECT asset, debits_must_not_exceed_credits AS guarded, debits_pending, debits_posted, credits_pending, credits_posted, xmin AS version
        FROM ledger_accounts WHERE ledger_accounts.id = w.id FOR UPDATE
    ) AS a ON true
), prior AS MATERIALIZED (
  SELECT req.hash AS wanted, t.* FROM req
   CROSS JOIN LATERAL (SELECT ${COLUMNS}, payload_hash FROM ledger_transfers WHERE idempotency_key = req.ikey LIMIT 1) AS t
), refused AS MATERIALIZED (
  SELECT req.g, CASE
    WHEN bool_or(d.asset IS NULL OR c.asset IS NULL) THEN 'unknownAccount'
    WHEN bool_or(d.asset <> req.asset OR c.asset <> req.asset) THEN 'assetMismatch'
    WHEN bool_or(p.payload_hash <> p.wanted) THEN 'idempotencyConflict'
  END AS refusal
    FROM req
    JOIN locked AS d ON d.id = req.debit
    JOIN locked AS c ON c.id = req.credit
    LEFT JOIN prior AS p ON p.idempotency_key = req.ikey
   GROUP BY req.g
), fresh AS MATERIALIZED (
  SELECT req.* FROM req JOIN refused USING (g) WHERE refused.refusal IS NULL AND req.ikey NOT IN (SELECT idempotency_key FROM prior)
${group ? WALK : ""}), verdict AS MATERIALIZED (
  -- count(*) reads every row of locked: every lock is held before anything is written. A call
  -- short of funds is refused here only if no account changed since the statement's snapshot
  -- (steady): what it saw is then one moment, and a transaction that wrote one of its keys since
  -- touched none of its accounts and may count as later. Else it is written later, alone, where
  -- the INSERT meets such a key and the CHECK decides.
  SELECT count(*) AS locks, ${group ? STEADY_AND_SHORT : "true AS steady, '{}'::int[] AS short"}
    FROM locked
), made AS (
  INSERT INTO ledger_transfers (idempotency_key, payload_hash, debit_account_id, credit_account_id, asset, amount, phase, timeout_at, code, reference)
  SELECT ikey, hash, debit, credit, asset, amount, CASE WHEN timeout_at IS NULL THEN 'posted' ELSE 'pending' END, timeout_at, code, reference
    FROM fresh
   WHERE g <> ALL ((SELECT short FROM verdict)::int[])
   ORDER BY n
  ${onConflict}
  RETURNING ${COLUMNS}
), made_moves AS (
  SELECT debit_account_id, credit_account_id,
         CASE WHEN phase = 'pending' THEN amount ELSE 0 END AS held, CASE WHEN phase = 'posted' THEN amount ELSE 0 END AS posted
    FROM made
), moved AS (
  -- Added to the columns as locked (the newest version, held since), not to the row as this
  -- statement's snapshot saw it: PostgreSQL checks the CHECK constraints on the row it would write
  -- from that older version before it follows another transaction's update to the newest one, and
  -- would refuse a balance that has since been credited.
  UPDATE ledger_accounts AS a
     SET debits_pending = l.debits_pending + d.dh, debits_posted = l.debits_posted + d.dp,
         credits_pending = l.credits_pending + d.ch, credits_posted = l.credits_posted + d.cp
    FROM (
      SELECT id, sum(dh) AS dh, sum(dp) AS dp, sum(ch) AS ch, sum(cp) AS cp FROM (
        SELECT debit_account_id AS id, held AS dh, posted AS dp, 0 AS ch, 0 AS cp FROM made_moves
        UNION ALL SELECT credit_account_id, 0, 0, held, posted FROM made_moves
      ) AS m GROUP BY id
    ) AS d JOIN locked AS l ON l.id = d.id
   WHERE a.id = d.id
), answer AS (
  SELECT ${COLUMNS} FROM made UNION ALL SELECT ${COLUMNS} FROM prior
)
SELECT coalesce(r.refusal, CASE WHEN req.g = ANY (v.short) THEN CASE WHEN v.steady THEN 'insufficientFunds' ELSE 'later' END END) AS refusal, req.g, req.ikey AS key, t.id, t.seq::text AS seq,
       t.debit_account_id AS debit, t.credit_account_id AS credit, t.asset, t.amount::text AS amount, t.phase, t.pending_id,
       (extract(epoch FROM t.timeout_at) * 1000)::float8 AS timeout_ms, t.code, t.reference, (extract(epoch FROM t.created_at) * 1000)::float8 AS created_ms
  FROM req JOIN refused AS r USING (g) CROSS JOIN verdict AS v LEFT JOIN answer AS t ON t.idempotency_key = req.ikey
 ORDER BY req.n`;

/** The statement's text for a call on its own, for a group of calls, and inside a caller's transaction; `$1` is the batch (see encoding.ts). */
export const TRANSFER = { alone: text("", false), group: text("", true), inside: text("ON CONFLICT (idempotency_key) DO NOTHING", false) };

/** What the statement writes, named for the platform's write watching (see prepared.ts). */
export const TRANSFER_WRITES = "UPDATE ledger_accounts, INSERT INTO ledger_transfers";

/** Both drivers answer raw statements as `{ rows }`. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;
