import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useAuthBusy, useAuthFailure, useDismissOnOpen } from "../hooks.ts";
import { PASSWORD_MIN_LENGTH, signupSchema, TERMS_VERSION } from "../../../../contract/index.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { NewPasswordField } from "../../../shared/ui/NewPasswordField.tsx";
import { useStrongPasswordSchema } from "../../../shared/ui/strength.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { SocialButtons } from "../components/SocialButtons.tsx";
import { SocialConsentNote, TermsConsent } from "../components/TermsConsent.tsx";

export default function SignupPage() {
  const { t } = useLingui();
  useDismissOnOpen();
  const auth = useAppActor("auth");
  const busy = useAuthBusy("signup");
  const failure = useAuthFailure("signup");
  // The server's own estimator judges the password while it is typed, and refuses a weak one before sending.
  const schema = useStrongPasswordSchema(signupSchema, "password", (values) => [values.email ?? "", values.fullName ?? ""]);
  const form = useForm(schema, { fullName: "", email: "", password: "", acceptedTerms: "" }, failure);
  const min = PASSWORD_MIN_LENGTH;
  return (
    <>
      <PageHeader title={<Trans>Create your account</Trans>} lead={<Trans>It takes a minute. We will e-mail you a code to confirm your address.</Trans>} />
      <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.signup", ...data }))}>
        <Field label={t`Full name`} autoComplete="name" required {...form.bind("fullName")} />
        <Field label={t`E-mail`} type="email" autoComplete="email" inputMode="email" dir="ltr" required {...form.bind("email")} />
        <NewPasswordField
          label={t`Password`}
          autoComplete="new-password"
          required
          userInputs={[form.values.email, form.values.fullName]}
          hint={<Trans>At least {min} characters. A few unrelated words make a strong, memorable password.</Trans>}
          {...form.bind("password")}
        />
        {/* Ticked, the box carries the version of the documents accepted (contract/legal.ts). */}
        <TermsConsent
          name="acceptedTerms"
          checked={form.values.acceptedTerms === TERMS_VERSION}
          onChange={(ticked) => form.set("acceptedTerms", ticked ? TERMS_VERSION : "")}
          error={form.errorOf("acceptedTerms")}
        />
        <FormAlert failure={failure} />
        <SubmitButton busy={busy} busyLabel={t`Creating your account…`}>
          {t`Create account`}
        </SubmitButton>
      </form>
      <SocialButtons />
      <SocialConsentNote />
      <p className="form-footer">
        <Trans>
          Already have an account? <Link href={paths.login}>Log in</Link>
        </Trans>
      </p>
    </>
  );
}
