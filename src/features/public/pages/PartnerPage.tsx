import { useParams } from "wouter";
import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function PartnerPage() {
  const { partner = "" } = useParams<{ partner: string }>();
  return (
    <>
      <PageHeader title={<Trans>Partner</Trans>}>
        <p className="lead">
          <bdi>{partner}</bdi>
        </p>
      </PageHeader>
      <ComingSoon>
        <Trans>This partner's offer will show here.</Trans>
      </ComingSoon>
    </>
  );
}
