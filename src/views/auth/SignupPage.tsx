import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../ui/PageHeader.tsx";

export default function SignupPage() {
  return (
    <>
      <PageHeader title={<Trans>Create your account</Trans>} />
      <ComingSoon>
        <Trans>Sign-up opens with the accounts release.</Trans>
      </ComingSoon>
    </>
  );
}
