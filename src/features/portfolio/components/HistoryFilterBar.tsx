import "../portfolio.css";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Asset } from "../../../../contract/index.ts";
import { ORDER_STATUSES } from "../../../../contract/onrampVocabulary.ts";
import { LIVE_HISTORY_TYPES } from "../../../../contract/portfolioVocabulary.ts";
import { typeMessages } from "./entryTypes.ts";
import type { FieldErrorKey } from "../../../../contract/vocabulary.ts";
import type { HistoryFilters } from "../../../../machines/portfolio/history.machine.ts";
import { fieldErrorText } from "../../../shared/ui/fieldErrors.ts";
import { DateField } from "../../../shared/ui/DateInput.tsx";
import { InlineField } from "../../../shared/ui/InlineField.tsx";
import type { FilterKey } from "../lib/filters.ts";
import { statusMessages } from "./OrderStatusBadge.tsx";

/** One labelled filter, with the server's word on it when it refused the value. */
function Filter(props: Omit<Parameters<typeof InlineField>[0], "className">) {
  return <InlineField {...props} className="history-filter" />;
}

/** The history's filters; each change applies at once (and goes into the page's address). */
export function HistoryFilterBar({
  filters,
  assets,
  fieldKeys,
  onChange,
  onClear,
}: {
  filters: HistoryFilters;
  assets: readonly Asset[];
  /** The server's issue key per refused filter. */
  fieldKeys: Partial<Record<string, FieldErrorKey>>;
  onChange: (key: FilterKey, value: string) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useLingui();
  const errorOf = (key: FilterKey) => {
    const issue = fieldKeys[key];
    return issue ? fieldErrorText(i18n, issue) : undefined;
  };
  const ar = i18n.locale.startsWith("ar");
  const anySet = Object.values(filters).some(Boolean);
  // A filter from the address that the list no longer offers still shows as chosen.
  const assetChoices = filters.asset && !assets.some((asset) => asset.symbol === filters.asset) ? [filters.asset] : [];

  return (
    <form className="history-filters" role="search" aria-label={t`Filter transactions`} onSubmit={(event) => event.preventDefault()}>
      <Filter label={<Trans>Type</Trans>} error={errorOf("type")}>
        {(props) => (
          <select {...props} value={filters.type ?? ""} onChange={(event) => onChange("type", event.target.value)}>
            <option value="">{t`All types`}</option>
            {LIVE_HISTORY_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(typeMessages[type])}
              </option>
            ))}
          </select>
        )}
      </Filter>
      <Filter label={<Trans>Asset</Trans>} error={errorOf("asset")}>
        {(props) => (
          <select {...props} value={filters.asset ?? ""} onChange={(event) => onChange("asset", event.target.value)}>
            <option value="">{t`All assets`}</option>
            {assets.map((asset) => (
              <option key={asset.symbol} value={asset.symbol}>
                {asset.symbol} · {ar ? asset.name.ar : asset.name.en}
              </option>
            ))}
            {assetChoices.map((symbol) => (
              <option key={symbol} value={symbol}>
                {symbol}
              </option>
            ))}
          </select>
        )}
      </Filter>
      <Filter label={<Trans>Status</Trans>} error={errorOf("status")}>
        {(props) => (
          <select {...props} value={filters.status ?? ""} onChange={(event) => onChange("status", event.target.value)}>
            <option value="">{t`All statuses`}</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(statusMessages[status])}
              </option>
            ))}
          </select>
        )}
      </Filter>
      <DateField
        className="history-filter"
        label={<Trans>From</Trans>}
        error={errorOf("from")}
        value={filters.from}
        onChange={(day) => onChange("from", day)}
      />
      <DateField className="history-filter" label={<Trans>To</Trans>} error={errorOf("to")} value={filters.to} onChange={(day) => onChange("to", day)} />
      {anySet && (
        <button type="button" className="button button-ghost history-clear" onClick={onClear}>
          <Trans>Clear filters</Trans>
        </button>
      )}
    </form>
  );
}
