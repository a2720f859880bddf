import { useId, type ReactNode } from "react";
import { FieldError } from "./form.tsx";

/**
 * One labelled control in a row of them (the history's filters, the report's period): the label
 * above, and the word on its value below (the server's refusal, or the page's own check), read out
 * with it. `children` renders the control with the id and ARIA it is given.
 */
export function InlineField({
  label,
  error,
  className = "",
  children,
}: {
  label: ReactNode;
  error: string | undefined;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`inline-field ${className} ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {}) })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
