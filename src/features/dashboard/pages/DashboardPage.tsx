import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function DashboardPage() {
  return (
    <>
      <PageHeader title={<Trans>Dashboard</Trans>} />
      <ComingSoon>
        <Trans>Your balances, prices and recent orders will show here.</Trans>
      </ComingSoon>
    </>
  );
}
