import "./file-picker.css";
import { useId } from "react";
import { useLingui } from "@lingui/react/macro";

/**
 * A file chooser in the page's language: the native input stays the control (one tab stop, Enter
 * or Space opens the device's picker, screen readers announce a file upload) but is visually
 * hidden, since Chromium draws its own "Choose File / No file chosen" in the browser's language
 * whatever the page's. A label styled as a button opens it, and the chosen file's name (or "No file
 * chosen") is said beside it, in our words. The input is emptied after each choice, so choosing
 * the same file again is seen too; the parent keeps the file and passes its name back.
 */
export function FilePicker({
  id: givenId,
  buttonText,
  fileName,
  onPick,
  accept,
  capture,
  name,
  labelledBy,
  describedBy,
  invalid = false,
  disabled = false,
  testId,
}: {
  /** The input's id, for a <label htmlFor> outside. */
  id?: string;
  buttonText: string;
  /** The chosen file's name, or null when none is. */
  fileName: string | null;
  onPick: (file: File) => void;
  accept: string;
  capture?: "user" | "environment";
  name?: string;
  /** The id of what names the field (its label, its card's heading): the input's name is that and the button's words. */
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useLingui();
  const ownId = useId();
  const id = givenId ?? ownId;
  const chosenId = `${id}-chosen`;
  const buttonId = `${id}-button`;
  return (
    <div className="file-picker">
      <input
        id={id}
        name={name}
        type="file"
        className="visually-hidden file-picker-input"
        accept={accept}
        capture={capture}
        disabled={disabled}
        aria-labelledby={[labelledBy, buttonId].filter(Boolean).join(" ")}
        aria-describedby={[chosenId, describedBy].filter(Boolean).join(" ")}
        aria-invalid={invalid || undefined}
        data-testid={testId}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          if (file) onPick(file);
        }}
      />
      {/* The label only opens the picker: the input is what the keyboard and screen readers reach. */}
      <label htmlFor={id} id={buttonId} className="button file-picker-button" aria-hidden="true">
        {buttonText}
      </label>
      <span id={chosenId} className="file-picker-chosen">
        {fileName ? <bdi>{fileName}</bdi> : t`No file chosen`}
      </span>
    </div>
  );
}
