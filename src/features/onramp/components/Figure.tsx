import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { Amount } from "../../../../contract/index.ts";
import { formatPrice } from "../../market/index.ts";
import { formatAmount } from "../lib/amounts.ts";

/** One row of a figures list: its label, and its value kept left to right. */
export function Figure({ label, className, children }: { label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A row whose value is an amount of money or crypto. */
export function AmountFigure({ label, amount, className }: { label: ReactNode; amount: Amount; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Figure label={label} className={className}>
      <bdi dir="ltr" className="money">
        {formatAmount(amount, i18n.locale)}
      </bdi>
    </Figure>
  );
}

/** The price row: "1 BTC = $x", left to right in either language. */
export function PriceFigure({ label, symbol, price, currency }: { label: ReactNode; symbol: string; price: string; currency: string }) {
  const { i18n } = useLingui();
  return (
    <Figure label={label}>
      <bdi dir="ltr">
        1 {symbol} = {formatPrice(price, currency, i18n.locale)}
      </bdi>
    </Figure>
  );
}
