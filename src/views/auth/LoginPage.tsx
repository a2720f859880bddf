import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../ui/PageHeader.tsx";

export default function LoginPage() {
  return (
    <>
      <PageHeader title={<Trans>Log in</Trans>} />
      <ComingSoon>
        <Trans>Sign-in by password, e-mail code, Google, Apple or Facebook arrives with the accounts release.</Trans>
      </ComingSoon>
    </>
  );
}
