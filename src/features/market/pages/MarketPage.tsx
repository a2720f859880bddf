import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function MarketPage() {
  return (
    <>
      <PageHeader title={<Trans>Market</Trans>} />
      <ComingSoon>
        <Trans>Live prices for every coin we trade will show here.</Trans>
      </ComingSoon>
    </>
  );
}
