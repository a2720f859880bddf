import { useId, type ReactNode } from "react";
import { Trans } from "@lingui/react/macro";
import { paths } from "../../../shared/lib/paths.ts";
import { icons } from "../../../shared/ui/icons.tsx";
import "./consent.css";

/** A legal page opens in a new tab, so the half-filled sign-up form stays as it is. */
function LegalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

export interface TermsConsentProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}

/** Sign-up's required box: the person accepts the Terms and the Privacy Policy and has read the Risk Disclosure. */
export function TermsConsent({ name, checked, onChange, error }: TermsConsentProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={`consent ${error ? "consent-invalid" : ""}`}>
      <div className="consent-row">
        <input
          id={id}
          type="checkbox"
          name={name}
          required
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(" ")}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>
          <Trans>
            I accept the <LegalLink href={paths.terms}>Terms of Service</LegalLink> and the <LegalLink href={paths.privacy}>Privacy Policy</LegalLink> and have
            read the <LegalLink href={paths.riskDisclosure}>Risk Disclosure</LegalLink>.
          </Trans>
        </label>
      </div>
      <p id={hintId} className="field-hint">
        <Trans>They open in a new tab, so nothing you have typed here is lost.</Trans>
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {icons.error}
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** Under the Google, Apple and Facebook buttons: an account made through them accepts the same documents. */
export function SocialConsentNote() {
  return (
    <p className="consent-note">
      <Trans>
        By continuing with Google, Apple or Facebook, you accept the <LegalLink href={paths.terms}>Terms of Service</LegalLink> and the{" "}
        <LegalLink href={paths.privacy}>Privacy Policy</LegalLink> and confirm you have read the{" "}
        <LegalLink href={paths.riskDisclosure}>Risk Disclosure</LegalLink>.
      </Trans>
    </p>
  );
}
