import { Trans, useLingui } from "@lingui/react/macro";
import { socialProviders } from "../../../../machines/auth/socialPopup.machine.ts";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { FormAlert } from "../../../shared/ui/form.tsx";
import { useAuthBusy, useAuthCan, useAuthContext, useAuthFailure } from "../hooks.ts";
import { providerNames } from "../social.ts";

/** Google, Apple and Facebook in a popup; another button while one is open replaces it. */
export function SocialButtons() {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const inPopup = useAuthBusy("socialPopup");
  const exchanging = useAuthBusy("socialExchange");
  // Other forms' calls hold these back; a popup of our own may be replaced (the machine says which).
  const canStart = useAuthCan({ type: "auth.social", provider: "google" });
  const current = useAuthContext((context) => context.socialProvider);
  const failure = useAuthFailure("social");
  const provider = current ? providerNames[current] : "";
  const reasons: Record<string, string> = {
    popupBlocked: t`Your browser blocked the sign-in window. Allow pop-ups for this site and try again.`,
    popupClosed: t`The ${provider} window was closed before you finished. Try again when you are ready.`,
    unauthorizedDomain: t`Sign-in with ${provider} is not allowed from this address. Open Sarraf at its usual address and try again.`,
    denied: t`You cancelled signing in with ${provider}.`,
    emailTaken: t`An account with this e-mail already exists. Log in with your password or an e-mail code.`,
    failed: t`Signing in with ${provider} did not work. Please try again.`,
  };
  const shown = failure && reasons[failure.code] ? { ...failure, message: reasons[failure.code]! } : failure;
  return (
    <div className="social">
      <p className="divider">
        <span>
          <Trans>or</Trans>
        </span>
      </p>
      {socialProviders.map((id) => {
        const busy = (inPopup || exchanging) && current === id;
        const label = { google: t`Continue with Google`, apple: t`Continue with Apple`, facebook: t`Continue with Facebook` }[id];
        return (
          <button
            key={id}
            type="button"
            className={`button button-block social-${id}`}
            disabled={!canStart}
            aria-busy={busy}
            onClick={() => auth.send({ type: "auth.social", provider: id })}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            {busy ? (exchanging ? t`Signing you in…` : t`Waiting for ${providerNames[id]}…`) : label}
          </button>
        );
      })}
      <FormAlert failure={shown} />
    </div>
  );
}
