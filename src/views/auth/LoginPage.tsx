import { useState } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../actors/context.tsx";
import { useAuthCall, useAuthContext, useAuthFailure, useDismissOnOpen } from "../../actors/hooks.ts";
import { loginSchema, sendOtpSchema } from "../../lib/contract/auth.ts";
import { paths } from "../../lib/paths.ts";
import { Field, FormAlert, PasswordField, SubmitButton } from "../../ui/form.tsx";
import { PageHeader } from "../../ui/PageHeader.tsx";
import { useForm } from "../../ui/useForm.ts";
import { CodeForm } from "./CodeForm.tsx";
import { SocialButtons } from "./SocialButtons.tsx";

function PasswordLogin() {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const call = useAuthCall();
  const failure = useAuthFailure("login");
  const form = useForm(loginSchema, { email: "", password: "" }, failure?.fields);
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.login", ...data }))}>
      <Field label={t`E-mail`} type="email" autoComplete="username" inputMode="email" dir="ltr" required {...form.bind("email")} />
      <PasswordField label={t`Password`} autoComplete="current-password" required {...form.bind("password")} />
      <p className="form-row form-row-end">
        <Link href={paths.forgotPassword}>{t`Forgot your password?`}</Link>
      </p>
      <FormAlert failure={failure} />
      <SubmitButton busy={call === "loggingIn"} busyLabel={t`Logging in…`}>
        {t`Log in`}
      </SubmitButton>
    </form>
  );
}

function CodeLogin() {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const call = useAuthCall();
  const otp = useAuthContext((context) => context.otp);
  const failure = useAuthFailure("sendCode");
  const form = useForm(sendOtpSchema, { email: "" }, failure?.fields);
  if (otp) {
    return (
      <>
        <CodeForm email={otp.email} />
        <button type="button" className="link-button" onClick={() => auth.send({ type: "auth.cancelCode" })}>
          {t`Use another e-mail`}
        </button>
      </>
    );
  }
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.sendCode", email: data.email }))}>
      <Field
        label={t`E-mail`}
        type="email"
        autoComplete="email"
        inputMode="email"
        dir="ltr"
        required
        hint={<Trans>We will e-mail you a 6-digit code. No password needed.</Trans>}
        {...form.bind("email")}
      />
      <FormAlert failure={failure} />
      <SubmitButton busy={call === "sendingCode"} busyLabel={t`Sending…`}>
        {t`E-mail me a code`}
      </SubmitButton>
    </form>
  );
}

export default function LoginPage() {
  const { t } = useLingui();
  useDismissOnOpen();
  const hasOtp = useAuthContext((context) => context.otp !== null);
  const [method, setMethod] = useState<"password" | "code">(hasOtp ? "code" : "password");
  return (
    <>
      <PageHeader title={<Trans>Log in</Trans>} lead={<Trans>Welcome back. Log in to trade and track your portfolio.</Trans>} />
      <div className="segmented" role="group" aria-label={t`How to log in`}>
        <button type="button" aria-pressed={method === "password"} onClick={() => setMethod("password")}>
          {t`Password`}
        </button>
        <button type="button" aria-pressed={method === "code"} onClick={() => setMethod("code")}>
          {t`E-mail code`}
        </button>
      </div>
      {method === "password" ? <PasswordLogin /> : <CodeLogin />}
      <SocialButtons />
      <p className="form-footer">
        <Trans>
          New to Sarraf? <Link href={paths.signup}>Create an account</Link>
        </Trans>
      </p>
    </>
  );
}
