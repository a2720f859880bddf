import { useLingui } from "@lingui/react/macro";
import { decimal, sign } from "../../../../contract/decimal.ts";
import { Money } from "../../../shared/ui/Money.tsx";

/** A profit (up, with a plus) or a loss (down); "—" with its reason when it cannot be known. */
export function Gain({ value, currency }: { value: string | null; currency: string }) {
  const { t } = useLingui();
  if (value === null) return <span title={t`Not known: a price or a cost is missing`}>—</span>;
  const direction = sign(decimal(value));
  return (
    <bdi dir="ltr" className={direction > 0 ? "gain-up" : direction < 0 ? "gain-down" : undefined}>
      {direction > 0 && "+"}
      <Money amount={{ asset: currency, value }} />
    </bdi>
  );
}
