import { useMemo } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { VALUE_RANGES, type PortfolioValue, type QuoteCurrency, type ValueRange } from "../../../../contract/index.ts";
import { formatMoney } from "../../../shared/lib/money.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { ValueChart } from "./ValueChart.tsx";

/** The total's value for 1W, 1M or 1Y: the chart, a sentence that says what it shows, and the daily values as a table. */
export function ValueOverTime({
  value,
  range,
  currency,
  onRange,
}: {
  value: PortfolioValue | null;
  range: ValueRange;
  currency: QuoteCurrency;
  onRange: (range: ValueRange) => void;
}) {
  const { t, i18n } = useLingui();
  const known = useMemo(() => (value?.points ?? []).filter((p) => p.value !== null) as { date: string; value: string }[], [value]);
  const points = useMemo(() => known.map((p) => ({ time: Date.parse(`${p.date}T00:00:00Z`) / 1000, value: Number(p.value) })), [known]);
  const first = known[0];
  const last = known.at(-1);
  const day = (date: string) => i18n.date(new Date(`${date}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  return (
    <figure className="value-over-time">
      <div className="range-choice" role="group" aria-label={t`Range`}>
        {VALUE_RANGES.map((r) => (
          <button key={r} type="button" className="button button-ghost" aria-pressed={r === range} onClick={() => onRange(r)}>
            {r}
          </button>
        ))}
      </div>
      {value && <ValueChart points={points} format={(n) => formatMoney({ asset: currency, value: n.toFixed(2) })} />}
      {!value && <div className="card-placeholder" aria-hidden="true" />}
      {first && last && (
        <figcaption>
          <Trans>
            From <Money amount={{ asset: currency, value: first.value }} /> on {day(first.date)} to <Money amount={{ asset: currency, value: last.value }} /> on{" "}
            {day(last.date)}.
          </Trans>
          <details>
            <summary>
              <Trans>Daily values</Trans>
            </summary>
            <table className="value-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Day</Trans>
                  </th>
                  <th scope="col" className="col-number">
                    <Trans>Value</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {known.map((p) => (
                  <tr key={p.date}>
                    <td>{day(p.date)}</td>
                    <td className="col-number">
                      <Money amount={{ asset: currency, value: p.value }} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </figcaption>
      )}
    </figure>
  );
}
