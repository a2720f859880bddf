import { Trans } from "@lingui/react/macro";
import { SubscriptionLink } from "../components/SubscriptionLink.tsx";

/** The page the newsletter's confirmation link opens: opening it is the click that confirms. */
export default function NewsletterConfirmPage() {
  return <SubscriptionLink action="confirm" title={<Trans>Newsletter subscription</Trans>} />;
}
