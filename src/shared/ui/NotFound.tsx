import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { PageHeader } from "./PageHeader.tsx";
import { paths } from "../lib/paths.ts";

/** What an address with nothing behind it shows: the not-found route, and a post or partner that does not exist. */
export function NotFound() {
  return (
    <PageHeader title={<Trans>Page not found</Trans>} lead={<Trans>The page you asked for does not exist or has moved.</Trans>}>
      <Link href={paths.home} className="button button-primary">
        <Trans>Back to the home page</Trans>
      </Link>
    </PageHeader>
  );
}
