// Asking for a withdrawal and confirming it with its e-mailed code. A request stores the withdrawal
// (one per idempotency key: the unique index decides a race) and e-mails a code; nothing is held yet.
// The right code holds the money in the ledger, in the same transaction that moves the withdrawal to
// "queued": two confirmations at once hold once (the conditional UPDATE lets one through, and the
// holds' keys are the withdrawal's own). The network (network.ts) takes it from there.
import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { WITHDRAW_CODE_MINUTES, WITHDRAW_CODE_TRIES, type VaultWithdrawAnswer } from "../../../contract/index.ts";
import { fromMinor } from "../../../contract/decimal.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { Locale } from "../../platform/i18n/index.ts";
import { LedgerError } from "../ledger/index.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import type { WithdrawFigures } from "./figures.ts";
import type { withdrawMails } from "./mail.ts";
import { withdrawals, type WithdrawalRow } from "./schema.ts";
import { usedTodayCents } from "./guards.ts";
import { codeDigest, newCode, sameDigest, sha256 } from "./tokens.ts";
import { withdrawalOf } from "./view.ts";

const route = "vaultWithdraw" as const;
/**
 * The holds' timeout: long past any network's confirmation, so a slow network never sees its money
 * released under it; a withdrawal stuck that long is an operator's case (README "Withdrawals").
 */
export const HOLD_SECONDS = 30 * 86_400;

export function createWithdraw(
  s: Pick<WithdrawalsDeps, "db" | "ledger" | "now" | "env" | "logger">,
  figures: WithdrawFigures,
  mails: ReturnType<typeof withdrawMails>,
) {
  const { db, ledger, now } = s;
  const answer = (row: WithdrawalRow): VaultWithdrawAnswer => ({
    preview: {
      asset: row.asset,
      network: row.network,
      amount: withdrawalOf(row).amount,
      fee: withdrawalOf(row).fee,
      receive: withdrawalOf(row).receive,
      available: { asset: row.asset, value: "0" },
      usdValue: fromMinor(row.usdCents, 2),
    },
    withdrawal: withdrawalOf(row),
  });

  async function mine(userId: string, id: string) {
    const [row] = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
    return row ?? null;
  }

  async function withAvailable(userId: string, row: WithdrawalRow): Promise<VaultWithdrawAnswer> {
    const base = answer(row);
    const available = (await ledger.balances(userId)).find((b) => b.asset === row.asset)?.available ?? 0n;
    return { ...base, preview: { ...base.preview, available: { asset: row.asset, value: withdrawalOf({ ...row, amountUnits: available }).amount.value } } };
  }

  return {
    async preview(userId: string, locale: Locale, addressId: string, amount: string): Promise<VaultWithdrawAnswer> {
      const f = await figures.figure(userId, locale, addressId, amount);
      await figures.check(userId, f);
      return { preview: f.preview, withdrawal: null };
    },

    async request(
      userId: string,
      locale: Locale,
      origin: string,
      body: { addressId: string; amount: string; idempotencyKey: string },
    ): Promise<VaultWithdrawAnswer> {
      const requestHash = sha256(JSON.stringify([body.addressId, body.amount]));
      const known = async () => {
        const [row] = await db
          .select()
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, userId), eq(withdrawals.idempotencyKey, body.idempotencyKey)));
        if (row && row.requestHash !== requestHash) throw refuse(route, "idempotencyConflict");
        return row ?? null;
      };
      const before = await known();
      if (before) return withAvailable(userId, before);
      const f = await figures.figure(userId, locale, body.addressId, body.amount);
      await figures.check(userId, f);
      const id = randomUUID();
      const code = newCode();
      const at = now();
      const [made] = await db
        .insert(withdrawals)
        .values({
          id,
          userId,
          addressId: f.address.id,
          idempotencyKey: body.idempotencyKey,
          requestHash,
          label: f.address.label,
          asset: f.address.asset,
          network: f.address.network,
          address: f.address.address,
          memo: f.address.memo,
          decimals: f.decimals,
          amountUnits: f.units,
          feeUnits: f.feeUnits,
          usdCents: f.usdCents,
          status: "awaitingCode",
          codeHash: codeDigest(id, code),
          codeExpiresAt: new Date(at.getTime() + WITHDRAW_CODE_MINUTES * 60_000),
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning();
      // Another request with the key got there first: answer its withdrawal (or refuse another payload).
      if (!made) return withAvailable(userId, (await known())!);
      await mails.code(userId, origin, { label: made.label, address: made.address, amount: f.preview.amount.value, asset: made.asset, code });
      s.logger.info("withdraw.requested", { withdrawalId: made.id });
      return { preview: f.preview, withdrawal: withdrawalOf(made) };
    },

    async confirm(userId: string, locale: Locale, withdrawalId: string, code: string): Promise<VaultWithdrawAnswer> {
      const row = await mine(userId, withdrawalId);
      if (!row) throw refuse(route, "withdrawalNotFound");
      // Confirmed already (this request repeated, or raced): the same withdrawal, held once.
      if (row.status !== "awaitingCode") {
        if (row.confirmedAt) return withAvailable(userId, row);
        throw refuse(route, "codeExpired");
      }
      const at = now();
      if (!row.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= at || row.codeAttempts >= WITHDRAW_CODE_TRIES) throw refuse(route, "codeExpired");
      if (!sameDigest(codeDigest(row.id, code), row.codeHash)) {
        const [counted] = await db
          .update(withdrawals)
          .set({ codeAttempts: sql`${withdrawals.codeAttempts} + 1` })
          .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, "awaitingCode"), lt(withdrawals.codeAttempts, WITHDRAW_CODE_TRIES)))
          .returning({ attempts: withdrawals.codeAttempts });
        if (!counted) throw refuse(route, "codeExpired");
        throw refuse(route, "codeInvalid", { attemptsLeft: WITHDRAW_CODE_TRIES - counted.attempts });
      }
      // Everything is checked again: the address, the gates, the limits may have changed since the request.
      const f = await figures.figure(userId, locale, row.addressId, withdrawalOf(row).amount.value);
      await figures.check(userId, f, { balance: false });
      const [user, out, fees] = await Promise.all([
        ledger.userAccount(userId, row.asset),
        ledger.houseAccount("withdrawals", row.asset),
        ledger.houseAccount("fees", row.asset),
      ]);
      try {
        const held = await db.transaction(async (tx) => {
          // One confirmation of this user's at a time, the day's total counted again under the lock:
          // codes of two withdrawals entered at the same moment cannot both pass the check above.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${userId}`}))`);
          if ((await usedTodayCents(tx, userId, at)) + f.usdCents > BigInt(s.env.WITHDRAW_DAILY_USD) * 100n) throw refuse(route, "withdrawLimit");
          const [claimed] = await tx
            .update(withdrawals)
            .set({
              status: "queued",
              usdCents: f.usdCents,
              codeHash: null,
              confirmedAt: at,
              updatedAt: at,
              nextStepAt: new Date(at.getTime() + s.env.WITHDRAW_SIM_BROADCAST_SECONDS * 1000),
            })
            .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, "awaitingCode")))
            .returning();
          if (!claimed) return null;
          const leg = { asset: row.asset, reference: row.id, holdSeconds: HOLD_SECONDS };
          const [hold, feeHold] = await ledger.transfer(
            [
              { ...leg, key: `withdraw:${row.id}:hold`, debit: user, credit: out, amount: row.amountUnits - row.feeUnits, code: "withdraw.hold" },
              ...(row.feeUnits > 0n ? [{ ...leg, key: `withdraw:${row.id}:fee`, debit: user, credit: fees, amount: row.feeUnits, code: "withdraw.fee" }] : []),
            ],
            { tx },
          );
          const [done] = await tx
            .update(withdrawals)
            .set({ holdId: hold!.id, feeHoldId: feeHold?.id ?? null })
            .where(eq(withdrawals.id, row.id))
            .returning();
          return done!;
        });
        s.logger.info("withdraw.confirmed", { withdrawalId: row.id });
        return withAvailable(userId, held ?? (await mine(userId, row.id))!);
      } catch (error) {
        if (error instanceof LedgerError && error.code === "insufficientFunds") throw refuse(route, "insufficientBalance");
        throw error;
      }
    },
  };
}
