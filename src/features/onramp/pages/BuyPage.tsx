import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function BuyPage() {
  return (
    <>
      <PageHeader title={<Trans>Buy crypto</Trans>} />
      <ComingSoon>
        <Trans>Buying by card will show here.</Trans>
      </ComingSoon>
    </>
  );
}
