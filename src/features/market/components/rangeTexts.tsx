import { Trans } from "@lingui/react/macro";
import type { PriceRange } from "../../../../contract/quotes.ts";

/** A chart range's name, for what reads it aloud and the chart's summary. */
export const rangeNames: Record<PriceRange, () => React.ReactNode> = {
  "1D": () => <Trans>1 day</Trans>,
  "1W": () => <Trans>1 week</Trans>,
  "1M": () => <Trans>1 month</Trans>,
  "1Y": () => <Trans>1 year</Trans>,
};

/** The change beside the price is over the chart's range; the list's is over 24 hours, as is 1D's. */
export const changeLabels: Record<PriceRange, () => React.ReactNode> = {
  "1D": () => <Trans>24h change</Trans>,
  "1W": () => <Trans>1W change</Trans>,
  "1M": () => <Trans>1M change</Trans>,
  "1Y": () => <Trans>1Y change</Trans>,
};
