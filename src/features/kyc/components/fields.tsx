import { useEffect, useId, useState, type ReactNode } from "react";
import { useLingui } from "@lingui/react/macro";
import { acceptedImageTypes } from "../../../../contract/fileVocabulary.ts";
import { FieldError } from "../../../shared/ui/form.tsx";
import { FilePicker } from "../../../shared/ui/FilePicker.tsx";

/** A labelled select in the form's field style, its error read out with it. */
export function SelectField({
  label,
  name,
  value,
  error,
  onChange,
  children,
}: {
  label: ReactNode;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`field ${error ? "field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <select
          id={id}
          name={name}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/** A photo picked from the device (or the camera on a phone), with a preview of what was picked. */
export function PhotoField({
  label,
  name,
  hint,
  file,
  error,
  selfie = false,
  onChange,
}: {
  label: ReactNode;
  name: string;
  hint: ReactNode;
  file: File | null;
  error: string | undefined;
  selfie?: boolean;
  onChange: (file: File | null) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const preview = usePreview(file);
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={`field kyc-photo ${error ? "field-invalid" : ""}`}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <FilePicker
        id={id}
        name={name}
        accept={acceptedImageTypes.join(",")}
        capture={selfie ? "user" : "environment"}
        buttonText={file ? t`Choose another photo` : t`Choose a photo`}
        fileName={file?.name ?? null}
        labelledBy={`${id}-label`}
        describedBy={describedBy}
        invalid={Boolean(error)}
        onPick={onChange}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {preview && <img className="kyc-preview" src={preview} alt="" />}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
