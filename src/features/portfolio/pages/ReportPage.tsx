import "../pnl.css";
import { assetLookupOf } from "../lib/balances.ts";
import { useMemo } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { DateField } from "../../../shared/ui/DateInput.tsx";
import { formatDay } from "../../../shared/i18n/dates.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { QuoteCurrencySelect, useCurrencyList, useQuoteCurrency } from "../../market/index.ts";
import { MethodChoice } from "../components/MethodChoice.tsx";
import { ReportTable } from "../components/ReportTable.tsx";
import { useCostMethod, useReport } from "../hooks/usePnl.ts";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** /portfolio/report?from=…&to=…: the buy/sell report for a period kept in the address, its CSV and a printable view. */
export default function ReportPage() {
  const { t, i18n } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [currency, setCurrency] = useQuoteCurrency();
  const [method, setMethod] = useCostMethod();
  const { list } = useCurrencyList();
  const assets = useMemo(() => assetLookupOf(list), [list]);
  const period = useMemo(() => {
    const params = new URLSearchParams(search);
    const pick = (key: string) => (DAY.test(params.get(key) ?? "") ? params.get(key)! : undefined);
    return { from: pick("from"), to: pick("to") };
  }, [search]);
  const report = useReport({ currency, method, ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) });
  // The address is where the period lives: a reload, Back or a shared link shows the same report.
  const change = (key: "from" | "to", value: string) => {
    const params = new URLSearchParams({ ...period, [key]: value } as Record<string, string>);
    for (const [name, v] of [...params]) if (!v || v === "undefined") params.delete(name);
    const query = params.toString();
    navigate(query ? `${paths.report}?${query}` : paths.report, { replace: true });
  };
  // Typed days may cross: the To field says so, and no report is shown for a period that ends before it starts.
  const reversed = Boolean(period.from && period.to && period.from > period.to);
  const data = reversed ? null : report.data;
  const failed = !reversed && report.failed;
  // Days as the page writes them (the fields' format), kept left to right inside Arabic.
  const day = (iso: string) => `\u2066${formatDay(iso, i18n.locale)}\u2069`;
  return (
    <>
      <PageHeader
        title={<Trans>Buy/sell report</Trans>}
        lead={<Trans>What you bought, sold and converted in a period, with fees and realised profit and loss.</Trans>}
      />
      <div className="market-toolbar report-toolbar">
        <DateField className="report-day" label={<Trans>From</Trans>} value={period.from} onChange={(next) => change("from", next)} />
        <DateField
          className="report-day"
          label={<Trans>To</Trans>}
          value={period.to}
          onChange={(next) => change("to", next)}
          error={reversed ? t`The end day is before the start day.` : undefined}
        />
        <QuoteCurrencySelect value={currency} currencies={list?.currencies ?? null} onChange={setCurrency} />
        <MethodChoice value={method} onChange={setMethod} />
      </div>
      <section className="card report" aria-labelledby="report-title" aria-busy={!data && !failed && !reversed}>
        <h2 id="report-title">
          {period.from ? t`From ${day(period.from)} to ${period.to ? day(period.to) : t`today`}` : t`Everything up to ${period.to ? day(period.to) : t`today`}`}
        </h2>
        {reversed && (
          <p>
            <Trans>Choose an end day on or after the start day to see the report.</Trans>
          </p>
        )}
        {failed && (
          <p role="alert">
            <Trans>The report could not be loaded.</Trans>{" "}
            <button type="button" className="button button-ghost" onClick={report.retry}>
              <Trans>Try again</Trans>
            </button>
          </p>
        )}
        {data && data.assets.length === 0 && (
          <p>
            <Trans>Nothing was bought, sold or converted in this period.</Trans>
          </p>
        )}
        {data && data.assets.length > 0 && <ReportTable report={data} assets={assets} />}
        {!data && !failed && !reversed && <div className="card-placeholder" aria-hidden="true" />}
        <p className="button-row no-print">
          <button type="button" className="button button-primary" disabled={!data} onClick={report.download}>
            <Trans>Download CSV</Trans>
          </button>
          <button type="button" className="button button-ghost" onClick={report.print}>
            <Trans>Print</Trans>
          </button>
          <Link className="button button-ghost" href={paths.portfolio}>
            <Trans>Back to the portfolio</Trans>
          </Link>
        </p>
      </section>
    </>
  );
}
