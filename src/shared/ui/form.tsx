import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { icons } from "./icons.tsx";

// Forms import their error alert from here, with the fields.
export { Alert, FormAlert } from "./FormAlert.tsx";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-invalid" | "aria-describedby">;

export interface FieldProps extends InputProps {
  label: ReactNode;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Trailing control inside the field's row (a show-password toggle). */
  addon?: ReactNode;
}

/** A labelled input whose hint and error are read out with it. */
export function Field({ label, error, hint, addon, className = "", ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${error ? "field-invalid" : ""} ${className}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** A field's error in the one error style (see Alert); the field names it in aria-describedby and sets aria-invalid. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="field-error">
      {icons.error}
      <span>{children}</span>
    </p>
  );
}

/** A password input with a show/hide toggle: long passphrases are easier to type when visible. */
export function PasswordField(props: Omit<FieldProps, "type" | "addon">) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? "text" : "password"}
      dir="ltr"
      spellCheck={false}
      autoCapitalize="none"
      addon={
        <button type="button" className="field-toggle" aria-label={visible ? t`Hide password` : t`Show password`} onClick={() => setVisible(!visible)}>
          {visible ? t`Hide` : t`Show`}
        </button>
      }
    />
  );
}

/** A 6-digit e-mail code: numeric keypad, the browser's one-time-code autofill, left to right in Arabic. */
export function CodeField(props: Omit<FieldProps, "autoComplete" | "inputMode" | "pattern" | "maxLength" | "dir">) {
  return <Field {...props} autoComplete="one-time-code" inputMode="numeric" pattern="[0-9]*" maxLength={6} dir="ltr" className="code-field" required />;
}

export function SubmitButton({ busy, children, busyLabel, className = "" }: { busy: boolean; children: ReactNode; busyLabel: ReactNode; className?: string }) {
  return (
    <button type="submit" className={`button button-primary button-block ${className}`} disabled={busy} aria-busy={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </button>
  );
}
