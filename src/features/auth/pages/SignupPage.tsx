import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useAuthBusy, useAuthFailure, useDismissOnOpen } from "../hooks.ts";
import { PASSWORD_MIN_LENGTH, signupSchema } from "../../../../contract/index.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { Field, FormAlert, PasswordField, SubmitButton } from "../../../shared/ui/form.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { SocialButtons } from "../components/SocialButtons.tsx";

export default function SignupPage() {
  const { t } = useLingui();
  useDismissOnOpen();
  const auth = useAppActor("auth");
  const busy = useAuthBusy("signup");
  const failure = useAuthFailure("signup");
  const form = useForm(signupSchema, { fullName: "", email: "", password: "" }, failure?.fields);
  const min = PASSWORD_MIN_LENGTH;
  return (
    <>
      <PageHeader title={<Trans>Create your account</Trans>} lead={<Trans>It takes a minute. We will e-mail you a code to confirm your address.</Trans>} />
      <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.signup", ...data }))}>
        <Field label={t`Full name`} autoComplete="name" required {...form.bind("fullName")} />
        <Field label={t`E-mail`} type="email" autoComplete="email" inputMode="email" dir="ltr" required {...form.bind("email")} />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          required
          hint={<Trans>At least {min} characters. A few unrelated words make a strong, memorable password.</Trans>}
          {...form.bind("password")}
        />
        <FormAlert failure={failure} />
        <SubmitButton busy={busy} busyLabel={t`Creating your account…`}>
          {t`Create account`}
        </SubmitButton>
      </form>
      <SocialButtons />
      <p className="form-footer">
        <Trans>
          Already have an account? <Link href={paths.login}>Log in</Link>
        </Trans>
      </p>
    </>
  );
}
