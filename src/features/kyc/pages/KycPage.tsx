import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function KycPage() {
  return (
    <>
      <PageHeader title={<Trans>Identity verification</Trans>} />
      <ComingSoon>
        <Trans>Verify your identity to raise your limits and withdraw.</Trans>
      </ComingSoon>
    </>
  );
}
