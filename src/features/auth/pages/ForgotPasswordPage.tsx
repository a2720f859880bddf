import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useAuthBusy, useAuthFailure, useDismissOnOpen } from "../hooks.ts";
import { forgotPasswordSchema } from "../../../../contract/index.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";

export default function ForgotPasswordPage() {
  const { t } = useLingui();
  useDismissOnOpen();
  const auth = useAppActor("auth");
  const busy = useAuthBusy("forgotPassword");
  const failure = useAuthFailure("forgotPassword");
  const form = useForm(forgotPasswordSchema, { email: "" }, failure);
  return (
    <>
      <PageHeader
        title={<Trans>Forgot your password?</Trans>}
        lead={<Trans>Enter your account's e-mail. If it is registered, we will send a code to choose a new password.</Trans>}
      />
      <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.forgotPassword", ...data }))}>
        <Field label={t`E-mail`} type="email" autoComplete="email" inputMode="email" dir="ltr" required {...form.bind("email")} />
        <FormAlert failure={failure} />
        <SubmitButton busy={busy} busyLabel={t`Sending…`}>
          {t`Send reset code`}
        </SubmitButton>
      </form>
      <p className="form-footer">
        <Trans>
          Remembered it? <Link href={paths.login}>Log in</Link>
        </Trans>
      </p>
    </>
  );
}
