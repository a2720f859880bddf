import { useId } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { QuoteCurrency, QuoteCurrencyInfo } from "../../../../contract/index.ts";

/** Which currency prices are shown in. */
export function QuoteCurrencySelect({
  value,
  currencies,
  onChange,
}: {
  value: QuoteCurrency;
  /** The list to choose from; null while it loads (the field holds its place, showing the chosen code). */
  currencies: readonly QuoteCurrencyInfo[] | null;
  onChange: (currency: QuoteCurrency) => void;
}) {
  const id = useId();
  const { i18n } = useLingui();
  const ar = i18n.locale.startsWith("ar");
  return (
    <div className="inline-field">
      <label htmlFor={id}>
        <Trans>Currency</Trans>
      </label>
      <select id={id} value={value} disabled={currencies === null} onChange={(event) => onChange(event.target.value as QuoteCurrency)}>
        {currencies === null ? (
          <option value={value}>{value}</option>
        ) : (
          currencies.map((currency) => (
            <option key={currency.code} value={currency.code}>
              {currency.code} · {ar ? currency.name.ar : currency.name.en}
            </option>
          ))
        )}
      </select>
    </div>
  );
}
