import "./date-input.css";
import { useId, useState, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { formatDay, parseDay } from "../i18n/dates.ts";
import { FieldError } from "./form.tsx";
import { InlineField } from "./InlineField.tsx";

const EXAMPLE = "2026-11-28";

/**
 * A day typed as text and shown the way the page writes dates ("28 Nov 2026", "28/11/2026" in
 * Arabic), not as a native date input, which shows the browser's own format (mm/dd/yyyy in a US
 * browser, whatever the page's language) and reads differently in every browser and screen reader.
 * It takes the page's order with digits or the month's name, or yyyy-mm-dd; a complete day applies
 * at once, and on leaving the field it is written back in the page's format. Text that is not a day
 * changes nothing and says so. `value` and `onChange` carry yyyy-mm-dd ("" for none).
 */
export function DateInput({
  value,
  onChange,
  id,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}) {
  const { t, i18n } = useLingui();
  const hintId = useId();
  const errorId = `${hintId}-error`;
  const shown = (day: string | undefined) => (day ? formatDay(day, i18n.locale) : "");
  const [field, setField] = useState(() => ({ text: shown(value), day: value, locale: i18n.locale, wrong: false }));
  // A day set from outside (the address, Clear filters) or a new language rewrites the text.
  if (field.day !== value || field.locale !== i18n.locale) setField({ text: shown(value), day: value, locale: i18n.locale, wrong: false });

  const type = (text: string) => {
    const day = text.trim() ? parseDay(text) : "";
    setField({ text, day: day === null ? value : day || undefined, locale: i18n.locale, wrong: false });
    if (day !== null && day !== (value ?? "")) onChange(day);
  };
  const settle = () => {
    const day = field.text.trim() ? parseDay(field.text) : "";
    setField({ ...field, text: day ? shown(day) : field.text, wrong: day === null });
  };
  const example = formatDay(EXAMPLE, i18n.locale);
  const numeric = "28/11/2026";
  const hint = example === numeric ? t`For example ${numeric}` : t`For example ${example} or ${numeric}`;

  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="text"
        autoComplete="off"
        dir="ltr"
        className="date-input"
        value={field.text}
        placeholder={example === numeric ? t`e.g. ${numeric}` : t`e.g. ${example}`}
        aria-invalid={invalid || field.wrong || undefined}
        aria-describedby={[describedBy, field.wrong ? errorId : hintId].filter(Boolean).join(" ")}
        onChange={(event) => type(event.target.value)}
        onBlur={settle}
        onKeyDown={(event) => {
          if (event.key === "Enter") settle();
        }}
      />
      <span id={hintId} className="visually-hidden">
        {hint}
      </span>
      {field.wrong && <FieldError id={errorId}>{t`Enter a day such as ${example}.`}</FieldError>}
    </>
  );
}

/** A labelled day field in a row of controls: the history's and the report's From and To. */
export function DateField({
  label,
  value,
  onChange,
  error,
  className,
}: {
  label: ReactNode;
  value: string | undefined;
  onChange: (value: string) => void;
  /** The word on the day from outside the field (the server's refusal, a period that ends before it starts). */
  error?: string | undefined;
  className?: string;
}) {
  return (
    <InlineField label={label} error={error} className={className}>
      {(props) => <DateInput {...props} value={value} onChange={onChange} />}
    </InlineField>
  );
}
