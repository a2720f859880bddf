import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../ui/PageHeader.tsx";

export default function VerifyEmailPage() {
  return (
    <>
      <PageHeader title={<Trans>Verify your e-mail</Trans>} />
      <ComingSoon>
        <Trans>Enter the code we e-mail you to activate your account.</Trans>
      </ComingSoon>
    </>
  );
}
