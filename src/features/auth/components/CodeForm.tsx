import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useAuthBusy, useAuthFailure } from "../hooks.ts";
import { Email } from "../../../shared/ui/Email.tsx";
import { CodeField, Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { ResendCode } from "./ResendCode.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";

// The schema arrives when the form is first used (see useForm).
const verifyOtpSchema = () => import("../../../../contract/auth.ts").then((contract) => contract.verifyOtpSchema);

/**
 * Enter the 6-digit code from the e-mail (sign-up verification and OTP login share it), or
 * ask for a new one once the cooldown allows. With `email` fixed, only the code is asked for.
 */
export function CodeForm({ email: fixedEmail, initialEmail = "" }: { email?: string; initialEmail?: string }) {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const busy = useAuthBusy("verifyCode");
  const failure = useAuthFailure("verifyCode", "sendCode");
  const form = useForm(verifyOtpSchema, { email: fixedEmail ?? initialEmail, otp: "" }, failure);
  const email = fixedEmail ?? form.values.email;

  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      onSubmit={form.onSubmit((data) => auth.send({ type: "auth.verifyCode", email: data.email, otp: data.otp }))}
    >
      {fixedEmail === undefined && <Field label={t`E-mail`} type="email" autoComplete="email" inputMode="email" dir="ltr" required {...form.bind("email")} />}
      <CodeField
        label={t`6-digit code`}
        hint={
          fixedEmail ? (
            <Trans>
              Sent to <Email>{fixedEmail}</Email>. It is valid for 10 minutes.
            </Trans>
          ) : (
            <Trans>It is valid for 10 minutes.</Trans>
          )
        }
        {...form.bind("otp")}
      />
      <FormAlert failure={failure} />
      <SubmitButton busy={busy} busyLabel={t`Checking…`}>
        {t`Verify and continue`}
      </SubmitButton>
      <ResendCode sending="sendCode" event={{ type: "auth.sendCode", email }} />
    </form>
  );
}
