import { Trans, useLingui } from "@lingui/react/macro";
import type { CostMethod } from "../../../../contract/index.ts";

/** FIFO or average cost: the page, the report and the CSV all follow this choice. */
export function MethodChoice({ value, onChange }: { value: CostMethod; onChange: (method: CostMethod) => void }) {
  const { t } = useLingui();
  const options: [CostMethod, string][] = [
    ["fifo", t`FIFO (first in, first out)`],
    ["average", t`Average cost`],
  ];
  return (
    <fieldset className="method-choice">
      <legend>
        <Trans>Cost basis method</Trans>
      </legend>
      {options.map(([method, label]) => (
        <label key={method}>
          <input type="radio" name="cost-method" value={method} checked={value === method} onChange={() => onChange(method)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The method's short name, as the page and the report say it. */
export function MethodName({ method }: { method: CostMethod }) {
  return method === "fifo" ? <Trans>FIFO</Trans> : <Trans>Average cost</Trans>;
}
