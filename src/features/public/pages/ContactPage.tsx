import { Trans } from "@lingui/react/macro";
import { SUPPORT_EMAIL } from "../../../../contract/vocabulary.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { ContactForm } from "../components/ContactForm.tsx";
import { NewsletterSignup } from "../components/NewsletterSignup.tsx";
import "../contact.css";

/** Contact us (issue 28): the form, the other ways to reach the team, and the newsletter. */
export default function ContactPage() {
  const email = SUPPORT_EMAIL;
  return (
    <>
      <PageHeader
        title={<Trans>Contact us</Trans>}
        lead={<Trans>Questions about an order, your account or how Sarraf works? Write to us: a person reads every message.</Trans>}
      />
      <div className="contact-layout">
        <ContactForm />
        <aside className="contact-aside">
          <section className="card contact-facts" aria-labelledby="contact-facts-heading">
            <h2 id="contact-facts-heading">
              <Trans>Other ways to reach us</Trans>
            </h2>
            <dl>
              <dt>
                <Trans>E-mail</Trans>
              </dt>
              <dd>
                <bdi dir="ltr">
                  <a href={`mailto:${email}`}>{email}</a>
                </bdi>
              </dd>
              <dt>
                <Trans>Languages</Trans>
              </dt>
              <dd>
                <Trans>English and Arabic</Trans>
              </dd>
              <dt>
                <Trans>Answer time</Trans>
              </dt>
              <dd>
                <Trans>Usually within two working days</Trans>
              </dd>
            </dl>
            <p className="contact-safety">
              <Trans>Sarraf will never ask for your password, a sign-in code or your card details, by e-mail or by phone.</Trans>
            </p>
          </section>
          <NewsletterSignup />
        </aside>
      </div>
    </>
  );
}
