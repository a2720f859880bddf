import type { ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import type { Amount } from "../../../../contract/index.ts";
import { QUOTE_CURRENCIES } from "../../../../contract/quotes.ts";
import { formatPrice } from "../../market/index.ts";
import { exactAmount } from "../lib/texts.ts";

/** One row of a figures list: its label, and its value kept left to right (a date in the page's own direction). */
export function Figure({ label, className, children, words }: { label: ReactNode; className?: string; children: ReactNode; words?: boolean }) {
  return (
    <div className={className}>
      <dt>{label}</dt>
      <dd>
        {words ? (
          children
        ) : (
          <bdi dir="ltr" className="money">
            {children}
          </bdi>
        )}
      </dd>
    </div>
  );
}

/** An amount to the last decimal its asset has. */
export function ExactFigure({ label, amount, decimals, className }: { label: ReactNode; amount: Amount; decimals: number; className?: string }) {
  return (
    <Figure label={label} className={className}>
      {exactAmount(amount, decimals)}
    </Figure>
  );
}

/** "1 BTC = $97,366.26", or for a convert "1 BTC = 32.16 ETH". */
export function PriceText({ base, quote, price }: { base: string; quote: string; price: string }) {
  const { i18n } = useLingui();
  const money = (QUOTE_CURRENCIES as readonly string[]).includes(quote) ? formatPrice(price, quote, i18n.locale) : `${price} ${quote}`;
  return (
    <>
      1 {base} = {money}
    </>
  );
}
