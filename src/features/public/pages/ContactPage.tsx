import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function ContactPage() {
  return (
    <>
      <PageHeader title={<Trans>Contact us</Trans>} />
      <ComingSoon>
        <Trans>A contact form is on its way. Until then, our team answers in English and Arabic.</Trans>
      </ComingSoon>
    </>
  );
}
