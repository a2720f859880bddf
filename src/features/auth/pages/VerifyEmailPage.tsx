import { Link, useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import { useAuthContext, useDismissOnOpen } from "../hooks.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { CodeForm } from "../components/CodeForm.tsx";

/** After sign-up (or a login before verifying): the code from the e-mail signs the user in. */
export default function VerifyEmailPage() {
  useDismissOnOpen();
  const pending = useAuthContext((context) => context.signupUser?.email ?? context.otp?.email ?? null);
  // Opened from the e-mail or after a reload, the page asks for the address itself.
  const fromLink = new URLSearchParams(useSearch()).get("email") ?? "";
  return (
    <>
      <PageHeader
        title={<Trans>Verify your e-mail</Trans>}
        lead={
          pending ? (
            <Trans>Enter the 6-digit code we e-mailed you to activate your account.</Trans>
          ) : (
            <Trans>Enter your e-mail and the 6-digit code we sent to it.</Trans>
          )
        }
      />
      {pending ? <CodeForm email={pending} /> : <CodeForm initialEmail={fromLink} />}
      <p className="form-footer">
        <Trans>
          Wrong address? <Link href={paths.signup}>Sign up again</Link>
        </Trans>
      </p>
    </>
  );
}
