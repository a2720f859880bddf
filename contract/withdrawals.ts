// Withdrawals (issue 27): an address book whose addresses are confirmed from an e-mailed link and
// usable only after a cooling-off, and withdrawals to them confirmed by an e-mailed code. Amounts are
// decimal strings here and bigint minor units on the server. The routes are spread into routes.ts.
import { z } from "zod";
import { amountSchema, assetCodeSchema, decimalSchema } from "./money.ts";
import { parseAmountInput } from "./amountInput.ts";
import { formProblem } from "./fields.ts";
import { CODE_LENGTH } from "./vocabulary.ts";
import { ADDRESS_LABEL_MAX, ADDRESS_STATES, WITHDRAW_NETWORKS, WITHDRAWAL_STATUSES } from "./withdrawalNetworks.ts";

export * from "./withdrawalNetworks.ts";

const assetField = z.string({ error: formProblem }).trim().toUpperCase().pipe(assetCodeSchema);
const idField = z.uuid({ error: "field.invalid" });
const labelField = z.string({ error: formProblem }).trim().min(1, { error: "field.required" }).max(ADDRESS_LABEL_MAX, { error: "field.invalid" });

/** A positive amount as typed (amountInput.ts); the asset's decimals and the limits are the server's to check. */
const amountField = z.string({ error: formProblem }).transform((typed, context) => {
  const read = parseAmountInput(typed);
  if (!read.ok) {
    context.issues.push({ code: "custom", message: read.error, input: typed });
    return z.NEVER;
  }
  if (/^0(\.0*)?$/.test(read.value)) {
    context.issues.push({ code: "custom", message: "amount.notPositive", input: typed });
    return z.NEVER;
  }
  return read.value;
});

// POST /withdraw/add. The address is checked per network on the server (its library's rules).
export const addAddressRequestSchema = z.strictObject({
  label: labelField,
  asset: assetField,
  network: z.enum(WITHDRAW_NETWORKS, { error: "field.invalid" }),
  address: z.string({ error: formProblem }).trim().min(1, { error: "field.required" }).max(120, { error: "address.invalid" }),
  /** XRP's destination tag (digits); empty or absent for none. Refused on a network that takes none. */
  memo: z.string({ error: formProblem }).trim().max(20, { error: "memo.invalid" }).optional(),
});
export type AddAddressBody = z.input<typeof addAddressRequestSchema>;

// POST /withdraw/update: the label only (a changed address is a new address, confirmed anew).
export const updateAddressRequestSchema = z.strictObject({ id: idField, label: labelField });
// POST /withdraw/delete
export const deleteAddressRequestSchema = z.strictObject({ id: idField });

export const addressSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  asset: assetCodeSchema,
  network: z.enum(WITHDRAW_NETWORKS),
  address: z.string(),
  memo: z.string().nullable(),
  state: z.enum(ADDRESS_STATES),
  createdAt: z.iso.datetime(),
  /** Until when the e-mailed link confirms it. */
  linkExpiresAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime().nullable(),
  /** When it becomes usable (confirmedAt + the cooling-off); null until confirmed. */
  usableAt: z.iso.datetime().nullable(),
});
export type WithdrawAddress = z.output<typeof addressSchema>;

export const withdrawalSchema = z.object({
  id: z.uuid(),
  addressId: z.uuid(),
  label: z.string(),
  network: z.enum(WITHDRAW_NETWORKS),
  address: z.string(),
  memo: z.string().nullable(),
  /** What leaves the balance; `fee` is taken from it and `receive` arrives at the address. */
  amount: amountSchema,
  fee: amountSchema,
  receive: amountSchema,
  status: z.enum(WITHDRAWAL_STATUSES),
  /** The network's transaction id, from broadcast on. */
  txid: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** While awaitingCode: until when its e-mailed code is valid. */
  codeExpiresAt: z.iso.datetime().nullable(),
});
export type Withdrawal = z.output<typeof withdrawalSchema>;

const usd = decimalSchema;
export const withdrawStatusSchema = z.object({
  /** After a password change or reset, withdrawals wait until then (null: not locked). */
  lockedUntil: z.iso.datetime().nullable(),
  /** Frozen from a link in a withdrawal or address e-mail: only support can lift it (npm run ops:withdrawals). */
  frozen: z.boolean(),
  /** Since when, while frozen. */
  frozenAt: z.iso.datetime().nullable(),
  /** Withdrawals need approved identity verification. */
  kycApproved: z.boolean(),
  coolingOffHours: z.number().int(),
  limits: z.object({ perWithdrawalUsd: usd, dailyUsd: usd, usedTodayUsd: usd }),
  serverNow: z.iso.datetime(),
});
export type WithdrawStatus = z.output<typeof withdrawStatusSchema>;

// POST /withdraw/list: the address book, the latest withdrawals and what gates them.
export const withdrawListRequestSchema = z.strictObject({});
export const withdrawListSchema = z.object({
  addresses: z.array(addressSchema),
  withdrawals: z.array(withdrawalSchema),
  status: withdrawStatusSchema,
  /** What may be withdrawn now of each withdrawable asset the user holds (holds excluded). */
  available: z.array(amountSchema),
});
export type WithdrawList = z.output<typeof withdrawListSchema>;

// POST /user/vault/withdraw: "preview" figures it (nothing stored), "request" stores it and e-mails
// a code (same idempotencyKey → the same withdrawal), "confirm" checks the code and holds the money.
export const vaultWithdrawRequestSchema = z.discriminatedUnion(
  "action",
  [
    z.strictObject({ action: z.literal("preview"), addressId: idField, amount: amountField }),
    z.strictObject({
      action: z.literal("request"),
      addressId: idField,
      amount: amountField,
      idempotencyKey: z.string({ error: formProblem }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: "field.invalid" }),
    }),
    z.strictObject({
      action: z.literal("confirm"),
      withdrawalId: idField,
      code: z.string({ error: formProblem }).regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: "code.format" }),
    }),
  ],
  { error: "field.invalid" },
);
export type VaultWithdrawBody = z.input<typeof vaultWithdrawRequestSchema>;

export const withdrawPreviewSchema = z.object({
  asset: assetCodeSchema,
  network: z.enum(WITHDRAW_NETWORKS),
  amount: amountSchema,
  fee: amountSchema,
  receive: amountSchema,
  /** What may be withdrawn now (holds excluded). */
  available: amountSchema,
  /** The amount's value in US dollars at the current price. */
  usdValue: usd,
});
export type WithdrawPreview = z.output<typeof withdrawPreviewSchema>;
export const vaultWithdrawSchema = z.object({ preview: withdrawPreviewSchema, withdrawal: withdrawalSchema.nullable() });
export type VaultWithdrawAnswer = z.output<typeof vaultWithdrawSchema>;
