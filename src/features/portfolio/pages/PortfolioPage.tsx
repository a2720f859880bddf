import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function PortfolioPage() {
  return (
    <>
      <PageHeader title={<Trans>Portfolio</Trans>} />
      <ComingSoon>
        <Trans>Your holdings and their value will show here.</Trans>
      </ComingSoon>
    </>
  );
}
