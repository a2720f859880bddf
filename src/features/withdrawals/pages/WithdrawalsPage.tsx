import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function WithdrawalsPage() {
  return (
    <>
      <PageHeader title={<Trans>Withdrawals</Trans>} />
      <ComingSoon>
        <Trans>Send crypto to your own wallet and follow each withdrawal here.</Trans>
      </ComingSoon>
    </>
  );
}
