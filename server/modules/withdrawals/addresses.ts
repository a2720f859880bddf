// The address book: each address is checked for its network, confirmed from a link e-mailed to its
// owner within the hour, and usable only after the cooling-off. Every read and write names the
// user: another user's id is not found, exactly like an unknown one.
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { ADDRESS_LINK_MINUTES, ADDRESSES_MAX, type AddressState, type WithdrawAddress, type WithdrawNetwork } from "../../../contract/index.ts";
import { HOUR_MS, type WithdrawalsDeps } from "./deps.ts";
import { withdrawAddresses, type WithdrawAddressRow } from "./schema.ts";
import { newToken, sha256 } from "./tokens.ts";

export function addressState(row: WithdrawAddressRow, now: Date): AddressState {
  if (!row.confirmedAt || !row.usableAt) return row.linkExpiresAt > now ? "unconfirmed" : "expired";
  return row.usableAt > now ? "coolingOff" : "usable";
}

export function addressOf(row: WithdrawAddressRow, now: Date): WithdrawAddress {
  return {
    id: row.id,
    label: row.label,
    asset: row.asset,
    network: row.network,
    address: row.address,
    memo: row.memo,
    state: addressState(row, now),
    createdAt: row.createdAt.toISOString(),
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    usableAt: row.usableAt?.toISOString() ?? null,
  };
}

export interface NewAddress {
  label: string;
  asset: string;
  network: WithdrawNetwork;
  address: string;
  memo: string | null;
}

export function createAddressBook({ db, now, env }: Pick<WithdrawalsDeps, "db" | "now" | "env">) {
  const mine = (userId: string, id: string) => and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId), isNull(withdrawAddresses.deletedAt));

  return {
    async list(userId: string): Promise<WithdrawAddressRow[]> {
      return db
        .select()
        .from(withdrawAddresses)
        .where(and(eq(withdrawAddresses.userId, userId), isNull(withdrawAddresses.deletedAt)))
        .orderBy(asc(withdrawAddresses.createdAt), asc(withdrawAddresses.id));
    },

    full: async (userId: string) =>
      (await db.$count(withdrawAddresses, and(eq(withdrawAddresses.userId, userId), isNull(withdrawAddresses.deletedAt)))) >= ADDRESSES_MAX,

    /** Stores the address unconfirmed; answers it with the link's token (to e-mail, never to store). */
    async add(userId: string, fields: NewAddress): Promise<{ row: WithdrawAddressRow; token: string }> {
      const token = newToken();
      const at = now();
      const [row] = await db
        .insert(withdrawAddresses)
        .values({ ...fields, userId, linkTokenHash: sha256(token), linkExpiresAt: new Date(at.getTime() + ADDRESS_LINK_MINUTES * 60_000), createdAt: at })
        .returning();
      return { row: row!, token };
    },

    async get(userId: string, id: string): Promise<WithdrawAddressRow | null> {
      const [row] = await db.select().from(withdrawAddresses).where(mine(userId, id));
      return row ?? null;
    },

    async rename(userId: string, id: string, label: string): Promise<WithdrawAddressRow | null> {
      const [row] = await db.update(withdrawAddresses).set({ label }).where(mine(userId, id)).returning();
      return row ?? null;
    },

    /** Soft: the withdrawals made to it keep pointing at it. */
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.update(withdrawAddresses).set({ deletedAt: now() }).where(mine(userId, id)).returning({ id: withdrawAddresses.id });
      return rows.length === 1;
    },

    /** The address a link's token names, if the link is still live and unused. */
    async byLink(token: string): Promise<WithdrawAddressRow | null> {
      const [row] = await db
        .select()
        .from(withdrawAddresses)
        .where(
          and(
            eq(withdrawAddresses.linkTokenHash, sha256(token)),
            isNull(withdrawAddresses.confirmedAt),
            isNull(withdrawAddresses.deletedAt),
            gt(withdrawAddresses.linkExpiresAt, now()),
          ),
        );
      return row ?? null;
    },

    /** Confirms from the link, once, within its hour; the cooling-off starts now. */
    async confirm(token: string): Promise<WithdrawAddressRow | null> {
      const at = now();
      const [row] = await db
        .update(withdrawAddresses)
        .set({ confirmedAt: at, usableAt: new Date(at.getTime() + env.WITHDRAW_COOLING_OFF_HOURS * HOUR_MS) })
        .where(
          and(
            eq(withdrawAddresses.linkTokenHash, sha256(token)),
            isNull(withdrawAddresses.confirmedAt),
            isNull(withdrawAddresses.deletedAt),
            gt(withdrawAddresses.linkExpiresAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}

export type AddressBook = ReturnType<typeof createAddressBook>;
