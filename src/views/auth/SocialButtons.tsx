import { useId } from "react";
import { Trans, useLingui } from "@lingui/react/macro";

const providers = ["google", "apple", "facebook"] as const;

/** Placed now; the social sign-in popup arrives in the next release, so they say so. */
export function SocialButtons() {
  const { t } = useLingui();
  const noteId = useId();
  const names = { google: t`Continue with Google`, apple: t`Continue with Apple`, facebook: t`Continue with Facebook` };
  return (
    <div className="social">
      <p className="divider"><span><Trans>or</Trans></span></p>
      {providers.map((provider) => (
        <button key={provider} type="button" className={`button button-block social-${provider}`} disabled aria-describedby={noteId}>
          {names[provider]}
        </button>
      ))}
      <p id={noteId} className="field-hint">
        <Trans>Google, Apple and Facebook sign-in are coming soon.</Trans>
      </p>
    </div>
  );
}
