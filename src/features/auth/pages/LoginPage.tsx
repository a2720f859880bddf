import { useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { paths, safeReturnTo } from "../../../shared/lib/paths.ts";
import { Field, FormAlert, PasswordField, SubmitButton } from "../../../shared/ui/form.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { CodeForm } from "../components/CodeForm.tsx";
import { useAuthBusy, useAuthContext, useAuthFailure, useDismissOnOpen } from "../hooks.ts";
import { SocialButtons } from "../components/SocialButtons.tsx";
import { SocialConsentNote } from "../components/TermsConsent.tsx";

// The schemas arrive when a form is first used: the page paints and wakes up without evaluating them.
const loginSchema = () => import("../../../../contract/auth.ts").then((contract) => contract.loginSchema);
const sendOtpSchema = () => import("../../../../contract/auth.ts").then((contract) => contract.sendOtpSchema);

function PasswordLogin() {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const busy = useAuthBusy("login");
  const failure = useAuthFailure("login");
  // After a password reset, the e-mail whose password changed is filled in.
  const loginEmail = useAuthContext((context) => context.loginEmail);
  const form = useForm(loginSchema, { email: loginEmail ?? "", password: "" }, failure);
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.login", ...data }))}>
      <Field label={t`E-mail`} type="email" autoComplete="username" inputMode="email" dir="ltr" required {...form.bind("email")} />
      <PasswordField label={t`Password`} autoComplete="current-password" required {...form.bind("password")} />
      <p className="form-row form-row-end">
        <Link href={paths.forgotPassword}>{t`Forgot your password?`}</Link>
      </p>
      <FormAlert failure={failure} />
      <SubmitButton busy={busy} busyLabel={t`Logging in…`}>
        {t`Log in`}
      </SubmitButton>
    </form>
  );
}

type AuthFailure = NonNullable<ReturnType<typeof useAuthFailure>>;

/** The login failure that closes password login for an account (too many wrong passwords), if that is the one held. */
function useCodeRequired(): AuthFailure | null {
  const failure = useAuthFailure("login");
  return failure?.reason === "codeRequired" ? failure : null;
}

function CodeLogin() {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const busy = useAuthBusy("sendCode");
  const otp = useAuthContext((context) => context.otp);
  // Sent here by a password login the server refused: its message, and its e-mail filled in.
  const codeRequired = useCodeRequired();
  const failure = useAuthFailure("sendCode") ?? codeRequired;
  const form = useForm(sendOtpSchema, { email: codeRequired?.email ?? "" }, failure);
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
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.sendCode", ...data }))}>
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
      <SubmitButton busy={busy} busyLabel={t`Sending…`}>
        {t`E-mail me a code`}
      </SubmitButton>
    </form>
  );
}

/** Sent here from a protected page: the machine keeps where to go back, and the visitor is told. */
function ReturnNotice() {
  const auth = useAppActor("auth");
  const returnTo = safeReturnTo(new URLSearchParams(useSearch()).get("returnTo"));
  useEffect(() => {
    if (returnTo) auth.send({ type: "auth.returnTo", path: returnTo });
  }, [auth, returnTo]);
  if (!returnTo) return null;
  return (
    <p className="form-notice" role="status">
      <Trans>Log in to open that page. We will take you back to it.</Trans>
    </p>
  );
}

export default function LoginPage() {
  const { t } = useLingui();
  useDismissOnOpen();
  // A code login under way opens on its code step, unless a password was just reset: log in with it.
  const opensOnCode = useAuthContext((context) => context.otp !== null && context.loginEmail === null);
  const [method, setMethod] = useState<"password" | "code">(opensOnCode ? "code" : "password");
  // Password login closed for this account: the e-mail code is the way in, so go there at once.
  const codeRequired = useCodeRequired();
  const [followed, setFollowed] = useState<AuthFailure | null>(null);
  if (codeRequired && codeRequired !== followed) {
    setFollowed(codeRequired);
    setMethod("code");
  }
  return (
    <>
      <PageHeader title={<Trans>Log in</Trans>} lead={<Trans>Welcome back. Log in to trade and track your portfolio.</Trans>} />
      <ReturnNotice />
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
      <SocialConsentNote />
      <p className="form-footer">
        <Trans>
          New to Sarraf? <Link href={paths.signup}>Create an account</Link>
        </Trans>
      </p>
    </>
  );
}
