import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../ui/PageHeader.tsx";

export default function ResetPasswordPage() {
  return (
    <>
      <PageHeader title={<Trans>Choose a new password</Trans>} />
      <ComingSoon>
        <Trans>Open the link from your e-mail to set a new password.</Trans>
      </ComingSoon>
    </>
  );
}
