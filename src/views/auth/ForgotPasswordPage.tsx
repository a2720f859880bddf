import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../ui/PageHeader.tsx";

export default function ForgotPasswordPage() {
  return (
    <>
      <PageHeader title={<Trans>Forgot your password?</Trans>} />
      <ComingSoon>
        <Trans>We will e-mail you a link to choose a new password.</Trans>
      </ComingSoon>
    </>
  );
}
