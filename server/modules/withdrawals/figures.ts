// A withdrawal's figures and the checks it must pass, the same for a preview, a request and its
// confirmation: the address (the user's own, usable), the amount (the asset's decimals, above the
// network fee, within the available balance), the gates (freeze, password lock, KYC, a debt) and
// the limits in US dollars at the current price.
import { NETWORKS, type RoutesWithReason, type WithdrawPreview } from "../../../contract/index.ts";
import { decimal, decimalOf, fromMinor, mul, toMinor } from "../../../contract/decimal.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import { translate, type Locale } from "../../platform/i18n/index.ts";
import { addressState, type AddressBook } from "./addresses.ts";
import type { WithdrawalsDeps } from "./deps.ts";
import type { Guards } from "./guards.ts";
import type { WithdrawAddressRow } from "./schema.ts";

type FigureRoute = RoutesWithReason<"addressNotFound" | "withdrawLimit">;
const route = "vaultWithdraw" as const satisfies FigureRoute;

export interface Figures {
  address: WithdrawAddressRow;
  decimals: number;
  units: bigint;
  feeUnits: bigint;
  usdCents: bigint;
  available: bigint;
  preview: WithdrawPreview;
}

export function createFigures(s: Pick<WithdrawalsDeps, "ledger" | "catalog" | "now" | "env">, book: AddressBook, guards: Guards) {
  const amountRefused = (locale: Locale, key: "withdraw.amount.tooManyDecimals" | "withdraw.amount.belowFee", values: Record<string, unknown>) =>
    refuse(
      route,
      "validation",
      validationData(
        locale,
        { amount: key === "withdraw.amount.belowFee" ? "amount.belowFee" : "amount.tooManyDecimals" },
        { messages: { amount: translate(locale, key, values) } },
      ),
    );

  /** The figures of `amount` to the user's address `addressId`, or the refusal of a bad address or amount. */
  async function figure(userId: string, locale: Locale, addressId: string, amount: string): Promise<Figures> {
    const address = await book.get(userId, addressId);
    if (!address) throw refuse(route, "addressNotFound");
    const asset = await s.catalog.assetOf(address.asset);
    if (!asset) throw refuse(route, "addressNotFound");
    const units = toMinor(amount, asset.decimals);
    if (units === null) throw amountRefused(locale, "withdraw.amount.tooManyDecimals", { asset: asset.symbol, decimals: asset.decimals });
    const feeUnits = toMinor(NETWORKS[address.network].fees[address.asset] ?? "0", asset.decimals)!;
    if (units <= feeUnits) throw amountRefused(locale, "withdraw.amount.belowFee", { asset: asset.symbol, fee: fromMinor(feeUnits, asset.decimals) });
    const price = await s.catalog.priceIn(asset.symbol, "USD");
    if (!price) throw refuse(route, "pricesUnavailable");
    if (price.stale) throw refuse(route, "pricesStale");
    const usdCents = toMinor(mul(decimalOf(units, asset.decimals), decimal(price.price)), 2, "up")!;
    const available = (await s.ledger.balances(userId)).find((row) => row.asset === asset.symbol)?.available ?? 0n;
    const money = (value: bigint) => ({ asset: asset.symbol, value: fromMinor(value, asset.decimals) });
    return {
      address,
      decimals: asset.decimals,
      units,
      feeUnits,
      usdCents,
      available,
      preview: {
        asset: asset.symbol,
        network: address.network,
        amount: money(units),
        fee: money(feeUnits),
        receive: money(units - feeUnits),
        available: money(available),
        usdValue: fromMinor(usdCents, 2),
      },
    };
  }

  /** Refuses what may not leave now: every gate, the address's state, the limits and the balance. */
  async function check(userId: string, f: Figures, { balance = true }: { balance?: boolean } = {}): Promise<void> {
    const gates = await guards.gates(userId);
    if (gates.frozen) throw refuse(route, "withdrawalsFrozen");
    if (gates.lockedUntil) throw refuse(route, "withdrawalsLocked");
    if (!gates.kycApproved) throw refuse(route, "kycRequired");
    if (addressState(f.address, s.now()) !== "usable") throw refuse(route, "addressNotUsable");
    // Money owed to the house (a reversed card buy) comes first: nothing leaves while any is owed.
    if ((await s.ledger.debts(userId)).length > 0) throw refuse(route, "debtOutstanding");
    const cents = (dollars: number) => BigInt(dollars) * 100n;
    if (f.usdCents > cents(s.env.WITHDRAW_MAX_USD) || gates.usedTodayCents + f.usdCents > cents(s.env.WITHDRAW_DAILY_USD)) throw refuse(route, "withdrawLimit");
    if (balance && f.units > f.available) throw refuse(route, "insufficientBalance");
  }

  return { figure, check };
}

export type WithdrawFigures = ReturnType<typeof createFigures>;
