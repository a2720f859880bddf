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
