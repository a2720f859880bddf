import { useId } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { HONEYPOT_FIELD } from "../../../../contract/contactVocabulary.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { Email } from "../../../shared/ui/Email.tsx";
import { useNewsletterSignup } from "../hooks/useNewsletterSignup.ts";
import { SentNotice } from "./SentNotice.tsx";
import { Honeypot } from "./Honeypot.tsx";
import "../contact.css";

const subscribeSchema = () => import("../../../../contract/contact.ts").then((contract) => contract.subscribeFieldsSchema);

/**
 * The newsletter's sign-up (issue 28), for any public page to embed (the contact page, the footer,
 * the home page). Double opt-in: the answer is always "check your inbox".
 */
export function NewsletterSignup({ variant = "card" }: { variant?: "card" | "footer" }) {
  const { t } = useLingui();
  const headingId = useId();
  const { actor, has } = useNewsletterSignup();
  const failure = useSelector(actor, (state) => state.context.failure);
  const email = useSelector(actor, (state) => state.context.email);
  const form = useForm(subscribeSchema, { email: "" }, failure);
  const className = `newsletter newsletter-${variant}${variant === "card" ? " card" : ""}`;
  // In the footer it names its region without adding to the page's outline of headings.
  const heading =
    variant === "card" ? (
      <h2 id={headingId}>{t`The Sarraf newsletter`}</h2>
    ) : (
      <p id={headingId} className="newsletter-title">
        {t`The Sarraf newsletter`}
      </p>
    );
  if (has("sent")) {
    return (
      <section className={className} aria-labelledby={headingId}>
        {heading}
        <SentNotice
          title={<Trans>Check your inbox</Trans>}
          again={t`Use another address`}
          onAgain={() => {
            form.reset();
            actor.send({ type: "newsletter.again" });
          }}
        >
          <Trans>
            We have sent a link to <Email>{email}</Email>: open it to confirm. If this address is already subscribed, the e-mail says so instead.
          </Trans>
        </SentNotice>
      </section>
    );
  }
  const send = form.onSubmit(({ email }) => {
    const trap = form.formRef.current?.elements.namedItem(HONEYPOT_FIELD);
    actor.send({ type: "newsletter.subscribe", email, honeypot: trap instanceof HTMLInputElement ? trap.value : "" });
  });
  return (
    <section className={className} aria-labelledby={headingId}>
      {heading}
      <p className="newsletter-lead">{t`News, guides and market notes about once a month. Unsubscribe with one click from any issue.`}</p>
      <form ref={form.formRef} className="newsletter-form" noValidate onSubmit={send}>
        <Field label={t`E-mail for the newsletter`} type="email" autoComplete="email" inputMode="email" dir="ltr" required {...form.bind("email")} />
        <Honeypot name={HONEYPOT_FIELD} label={t`Leave this field empty`} />
        <SubmitButton busy={has("busy")} busyLabel={t`Subscribing…`} className="button-inline newsletter-submit">
          {t`Subscribe`}
        </SubmitButton>
        <FormAlert failure={failure} />
      </form>
    </section>
  );
}
