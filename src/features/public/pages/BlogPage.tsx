import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";

export default function BlogPage() {
  return (
    <>
      <PageHeader title={<Trans>Blog</Trans>} />
      <ComingSoon>
        <Trans>News, guides and market notes from the Sarraf team will appear here.</Trans>
      </ComingSoon>
    </>
  );
}
