import type { ComponentProps } from "react";
import { useLingui } from "@lingui/react/macro";
import { PasswordField } from "./form.tsx";
import { usePasswordStrength } from "./strength.ts";
import { strengthAdvice, strengthWords } from "./strengthTexts.ts";
import "./strength.css";

export interface NewPasswordFieldProps extends ComponentProps<typeof PasswordField> {
  /** The user's name and e-mail as typed or known: a password built on them is weak. */
  userInputs: readonly string[];
}

/**
 * A password being chosen, with the server's own verdict while it is typed: a meter from "Too
 * weak" to "Very strong" and the estimator's advice, read out politely as they change. Pair it
 * with useStrongPasswordSchema so the form refuses, before sending, what the server would.
 */
export function NewPasswordField({ userInputs, ...field }: NewPasswordFieldProps) {
  const { t, i18n } = useLingui();
  const strength = usePasswordStrength(typeof field.value === "string" ? field.value : "", userInputs);
  const word = strength ? i18n._(strengthWords[strength.score]!) : "";
  const advice = strength ? [...(strength.warning ? [strength.warning] : []), ...strength.suggestions] : [];
  return (
    <div className="new-password">
      <PasswordField {...field} />
      {/* Present (and empty) before anything is typed, so screen readers announce its first change. */}
      <div className="strength" aria-live="polite">
        {strength && (
          <div className="strength-scale">
            <div
              role="meter"
              aria-label={t`Password strength`}
              aria-valuemin={0}
              aria-valuemax={4}
              aria-valuenow={strength.score}
              aria-valuetext={word}
              className="strength-meter"
              data-score={strength.score}
            >
              <span />
              <span />
              <span />
              <span />
            </div>
            <span className="strength-word">{word}</span>
          </div>
        )}
        {advice.length > 0 && (
          <ul className="strength-advice">
            {advice.map((id) => (
              <li key={id}>{i18n._(strengthAdvice[id])}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
