import { Trans, useLingui } from "@lingui/react/macro";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH, HONEYPOT_FIELD } from "../../../../contract/contactVocabulary.ts";
import { NAME_MAX_LENGTH } from "../../../../contract/vocabulary.ts";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Alert, Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { useContactForm } from "../hooks/useContact.ts";
import { Honeypot } from "./Honeypot.tsx";
import { TextAreaField } from "./TextAreaField.tsx";
import { SentNotice } from "./SentNotice.tsx";

const contactSchema = () => import("../../../../contract/contact.ts").then((contract) => contract.contactFieldsSchema);
const EMPTY = { name: "", email: "", subject: "", message: "" };

/** The contact page's form (issue 28): the machine decides what shows; this view draws it and sends it events. */
export function ContactForm() {
  const { t } = useLingui();
  const { actor, has } = useContactForm();
  const failure = useSelector(actor, (state) => state.context.failure);
  const form = useForm(contactSchema, EMPTY, failure?.flow === "send" ? failure : null);
  if (has("sent")) {
    return (
      <div className="card contact-card">
        <SentNotice
          title={<Trans>Thank you: your message has reached us.</Trans>}
          again={t`Send another message`}
          onAgain={() => {
            form.reset();
            actor.send({ type: "contact.another" });
          }}
        >
          <Trans>We have e-mailed you a receipt with its reference. We answer in English or Arabic, usually within two working days.</Trans>
        </SentNotice>
      </div>
    );
  }
  if (has("openFailed")) {
    return (
      <div className="card contact-card">
        <Alert>
          <Trans>We could not open the form. Check your connection and try again.</Trans>
        </Alert>
        <button type="button" className="button contact-retry" onClick={() => actor.send({ type: "contact.retry" })}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  const busy = has("busy");
  const length = [...form.values.message.trim()].length;
  const send = form.onSubmit((fields) => {
    const trap = form.formRef.current?.elements.namedItem(HONEYPOT_FIELD);
    actor.send({ type: "contact.submit", fields, honeypot: trap instanceof HTMLInputElement ? trap.value : "" });
  });
  return (
    <form ref={form.formRef} className="form card contact-card" noValidate onSubmit={send} aria-labelledby="contact-form-heading" aria-busy={busy}>
      <h2 id="contact-form-heading">{t`Send us a message`}</h2>
      <div className="contact-grid">
        <Field label={t`Your name`} autoComplete="name" maxLength={NAME_MAX_LENGTH} required {...form.bind("name")} />
        <Field label={t`Your e-mail`} type="email" autoComplete="email" inputMode="email" dir="ltr" required {...form.bind("email")} />
      </div>
      <Field label={t`Subject`} maxLength={CONTACT_SUBJECT_MAX_LENGTH} required {...form.bind("subject")} />
      <TextAreaField
        label={t`Message`}
        name="message"
        rows={7}
        required
        value={form.values.message}
        error={form.errorOf("message")}
        onChange={(value) => form.set("message", value)}
        hint={t`Never send a password, a code or a card number: we will never ask for them.`}
        count={
          <span className="field-count" aria-hidden="true">
            <bdi dir="ltr">
              {length} / {CONTACT_MESSAGE_MAX_LENGTH}
            </bdi>
          </span>
        }
      />
      <Honeypot name={HONEYPOT_FIELD} label={t`Leave this field empty`} />
      <FormAlert failure={failure} />
      <SubmitButton busy={busy} busyLabel={t`Sending…`} className="button-inline contact-submit">
        {t`Send message`}
      </SubmitButton>
      {has("opening") && <span className="visually-hidden">{t`Getting the form ready…`}</span>}
    </form>
  );
}
