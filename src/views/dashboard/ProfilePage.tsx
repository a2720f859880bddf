import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../ui/PageHeader.tsx";

export default function ProfilePage() {
  return (
    <>
      <PageHeader title={<Trans>Profile</Trans>} />
      <ComingSoon>
        <Trans>Your name, photo, e-mail and password settings will show here.</Trans>
      </ComingSoon>
    </>
  );
}
