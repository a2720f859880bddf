import type { ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { LinkAction } from "../../../../machines/contact/contact.types.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { failureText } from "../../../shared/i18n/errors.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { Alert } from "../../../shared/ui/form.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useSubscriptionLink } from "../hooks/useContact.ts";
import { NewsletterSignup } from "./NewsletterSignup.tsx";
import { SentNotice } from "./SentNotice.tsx";
import "../contact.css";

/** What a confirm or unsubscribe link's page shows: working, what happened, or what went wrong and what to do. */
export function SubscriptionLink({ action, title }: { action: LinkAction; title: ReactNode }) {
  const { i18n } = useLingui();
  const token = new URLSearchParams(useSearch()).get("token");
  const { actor, has } = useSubscriptionLink({ action, token });
  const state = useSelector(actor, (snapshot) => snapshot.context.state);
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure);
  return (
    <div className="subscription-link">
      <PageHeader title={title} />
      {has("working") && (
        <p className="card subscription-working" role="status" aria-busy="true">
          <span className="spinner" aria-hidden="true" />
          {action === "confirm" ? <Trans>Confirming your subscription…</Trans> : <Trans>Unsubscribing you…</Trans>}
        </p>
      )}
      {has("done") && (
        <div className="card">
          <SentNotice title={doneTitle(state)} takeFocus={false}>
            {doneText(state)}
          </SentNotice>
        </div>
      )}
      {has("failed") && failure && (
        <div className="card subscription-failed">
          <Alert>{failureText(i18n, failure).text}</Alert>
          {has("retryable") ? (
            <button type="button" className="button" onClick={() => actor.send({ type: "link.retry" })}>
              <Trans>Try again</Trans>
            </button>
          ) : (
            <p>
              <Trans>
                Need help? <Link href={paths.contact}>Contact us</Link>.
              </Trans>
            </p>
          )}
        </div>
      )}
      {(has("failed") && !has("retryable") && action === "confirm") || state === "unsubscribed" || state === "alreadyUnsubscribed" ? (
        <NewsletterSignup />
      ) : null}
    </div>
  );
}

function doneTitle(state: string | null): ReactNode {
  if (state === "confirmed") return <Trans>You are subscribed</Trans>;
  if (state === "alreadyConfirmed") return <Trans>You were already subscribed</Trans>;
  if (state === "unsubscribed") return <Trans>You are unsubscribed</Trans>;
  return <Trans>You were already unsubscribed</Trans>;
}

function doneText(state: string | null): ReactNode {
  if (state === "confirmed" || state === "alreadyConfirmed")
    return <Trans>The Sarraf newsletter will reach you about once a month. Every issue has a link to unsubscribe with one click.</Trans>;
  return <Trans>You will not receive the Sarraf newsletter any more. Changed your mind? Subscribe again below.</Trans>;
}
