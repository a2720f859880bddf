import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function PartnersPage() {
  return (
    <>
      <PageHeader title={<Trans>Partners</Trans>} />
      <ComingSoon>
        <Trans>Businesses that work with Sarraf will be listed here.</Trans>
      </ComingSoon>
    </>
  );
}
