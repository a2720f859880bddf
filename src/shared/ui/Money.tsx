import { formatMoney, type MoneyFormatOptions } from "../lib/money.ts";

/** An amount, isolated left-to-right so Arabic text around it cannot reorder it. */
export function Money({ value, ...options }: { value: unknown } & Omit<MoneyFormatOptions, "locale">) {
  return (
    <bdi dir="ltr" className="money">
      {formatMoney(value, options)}
    </bdi>
  );
}
