import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import { FieldError } from "../../../shared/ui/form.tsx";

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "aria-invalid" | "aria-describedby" | "onChange">;

/** A labelled multi-line input in the fields' style, its hint, count and error read out with it. */
export function TextAreaField({
  label,
  error,
  hint,
  count,
  onChange,
  ...textarea
}: TextAreaProps & { label: ReactNode; name: string; error?: string | undefined; hint?: ReactNode; count?: ReactNode; onChange: (value: string) => void }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          {...textarea}
        />
      </div>
      {(hint || count) && (
        <div className="field-meta">
          {hint && (
            <p id={`${id}-hint`} className="field-hint">
              {hint}
            </p>
          )}
          {count}
        </div>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/**
 * A robot's trap: a field no person sees (off screen, out of the tab order, hidden from assistive
 * technology) that form-filling scripts fill. The server answers a filled one as a success and
 * keeps nothing.
 */
export function Honeypot({ name, label }: { name: string; label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {label}
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
