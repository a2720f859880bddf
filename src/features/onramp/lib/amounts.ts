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

/** Digits typed on an Arabic keyboard (٠١٢ … ۰۱۲, the ٫ decimal separator) as the Latin digits amounts travel in. */
export function latinDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\u066B/g, ".");
}
