import { Trans } from "@lingui/react/macro";
import { SubscriptionLink } from "../components/SubscriptionLink.tsx";

/** The page every newsletter mail's unsubscribe link opens: one click, no sign-in. */
export default function NewsletterUnsubscribePage() {
  return <SubscriptionLink action="unsubscribe" title={<Trans>Unsubscribe from the newsletter</Trans>} />;
}
