// A card payment returned to the buyer after its crypto was credited (a refund, or a chargeback the
// card's bank granted): the credit is reversed through the ledger, in the settling transaction.
//
// The provider takes back from Sarraf's settlement everything it delivered, so the on-ramp's account
// is made whole: the fee comes back from the fees account, and the buyer's part from what is still
// available in the buyer's account. Whatever the buyer has already spent or moved cannot be taken
// from a balance that must never go negative: it is booked as a debt instead, a debit of the buyer's
// receivable account for the asset (an account of its own kind that may go below zero; its debit
// balance is what the buyer owes). Every transfer carries a key derived from the order.
import type { Ledger, LedgerTx } from "../ledger/index.ts";
import type { OnrampOrderRow } from "./schema.ts";

export interface ReversalAccounts {
  source: string;
  user: string;
  fees: string;
  receivable: string;
}

export interface Reversal {
  /** Taken back from the buyer's balance. */
  takenBack: bigint;
  /** What could not be taken back: the buyer's debt, held in their receivable account. */
  debt: bigint;
  fee: bigint;
}

/** Reverses the order's credit in the caller's transaction (the order row is locked by it). */
export async function reverseCredit(tx: LedgerTx, ledger: Ledger, order: OnrampOrderRow, accounts: ReversalAccounts): Promise<Reversal> {
  const credited = order.grossUnits - order.feeUnits;
  const fee = order.feeUnits;
  // Locked in id order, as every transfer locks: what is available cannot change before the transfers below.
  const positions = await ledger.lockPositions(Object.values(accounts), { tx });
  const available = positions.get(accounts.user)?.available ?? 0n;
  const takenBack = available <= 0n ? 0n : available < credited ? available : credited;
  const debt = credited - takenBack;
  const back = { credit: accounts.source, asset: order.asset, reference: order.id };
  await ledger.transfer(
    [
      ...(takenBack > 0n ? [{ ...back, key: `onramp:${order.id}:reversal`, debit: accounts.user, amount: takenBack, code: "onramp.reversal" }] : []),
      ...(debt > 0n ? [{ ...back, key: `onramp:${order.id}:debt`, debit: accounts.receivable, amount: debt, code: "onramp.debt" }] : []),
      ...(fee > 0n ? [{ ...back, key: `onramp:${order.id}:fee-reversal`, debit: accounts.fees, amount: fee, code: "onramp.feeReversal" }] : []),
    ],
    { tx },
  );
  return { takenBack, debt, fee };
}
