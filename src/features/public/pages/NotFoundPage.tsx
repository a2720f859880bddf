import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { paths } from "../../../shared/lib/paths.ts";

export default function NotFoundPage() {
  return (
    <PageHeader title={<Trans>Page not found</Trans>} lead={<Trans>The page you asked for does not exist or has moved.</Trans>}>
      <Link href={paths.home} className="button button-primary">
        <Trans>Back to the home page</Trans>
      </Link>
    </PageHeader>
  );
}
