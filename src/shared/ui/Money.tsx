import type { Amount } from "../../../contract/money.ts";
import { formatMoney, type MoneyFormatOptions } from "../lib/money.ts";

/** An amount in its asset, isolated left-to-right so Arabic text around it cannot reorder it. */
export function Money({ amount, decimals }: { amount: Amount } & Omit<MoneyFormatOptions, "locale">) {
  return (
    <bdi dir="ltr" className="money">
      {formatMoney(amount, { decimals })}
    </bdi>
  );
}
