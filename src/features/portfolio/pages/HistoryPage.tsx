import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function HistoryPage() {
  return (
    <>
      <PageHeader title={<Trans>Transaction history</Trans>} />
      <ComingSoon>
        <Trans>Your movements will show here.</Trans>
      </ComingSoon>
    </>
  );
}
