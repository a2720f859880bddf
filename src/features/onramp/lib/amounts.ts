// Amounts of a buy, shown exactly: as many decimals as the server sent (at least two).
import type { Amount } from "../../../../contract/money.ts";
import { formatMoney } from "../../../shared/lib/money.ts";

export function exactDecimals(value: string): number {
  return Math.max(2, (value.split(".")[1] ?? "").length);
}

/** $100.00, 0.00101 BTC; isolated left to right in Arabic. */
export function formatAmount(amount: Amount, locale: string): string {
  return formatMoney(amount, { locale, decimals: exactDecimals(amount.value) });
}
