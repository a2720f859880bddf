import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useAuthBusy, useAuthContext, useAuthFailure, useDismissOnOpen } from "../hooks.ts";
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from "../../../../contract/index.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { CodeField, Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { NewPasswordField } from "../../../shared/ui/NewPasswordField.tsx";
import { useStrongPasswordSchema } from "../../../shared/ui/strength.ts";
import { ResendCode } from "../components/ResendCode.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";

/** Code from the e-mail plus a new password; the link in the e-mail fills in the first two. */
export default function ResetPasswordPage() {
  const { t } = useLingui();
  useDismissOnOpen();
  const auth = useAppActor("auth");
  const busy = useAuthBusy("resetPassword");
  const failure = useAuthFailure("resetPassword", "forgotPassword");
  const requested = useAuthContext((context) => context.forgetpass?.email ?? "");
  const query = new URLSearchParams(useSearch());
  const schema = useStrongPasswordSchema(resetPasswordSchema, "password", (values) => [values.email ?? ""]);
  const form = useForm(schema, { email: requested || (query.get("email") ?? ""), otp: query.get("code") ?? "", password: "" }, failure);
  const min = PASSWORD_MIN_LENGTH;
  return (
    <>
      <PageHeader
        title={<Trans>Choose a new password</Trans>}
        lead={<Trans>Enter the code we e-mailed you and your new password. Every device signed in to your account will be signed out.</Trans>}
      />
      <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.resetPassword", ...data }))}>
        <Field label={t`E-mail`} type="email" autoComplete="username" inputMode="email" dir="ltr" required {...form.bind("email")} />
        <CodeField label={t`6-digit code`} {...form.bind("otp")} />
        <NewPasswordField
          label={t`New password`}
          autoComplete="new-password"
          required
          hint={<Trans>At least {min} characters.</Trans>}
          userInputs={[form.values.email]}
          {...form.bind("password")}
        />
        <FormAlert failure={failure} />
        <SubmitButton busy={busy} busyLabel={t`Saving…`}>
          {t`Set new password`}
        </SubmitButton>
        <ResendCode sending="forgotPassword" event={{ type: "auth.forgotPassword", email: form.values.email }} />
      </form>
      <p className="form-footer">
        <Link href={paths.login}>{t`Back to log in`}</Link>
      </p>
    </>
  );
}
