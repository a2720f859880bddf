import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { useLingui } from "@lingui/react/macro";
import type { Failure } from "../../../machines/failure.ts";
import { failureText, retryText } from "../i18n/errors.ts";
import { icons } from "./icons.tsx";
import { useCountdown } from "./useCountdown.ts";

/**
 * An error that is not about one field, in the one error style: the icon, the error colour, and
 * read out at once (role="alert"). Field errors share the look (Field's `.field-error`).
 */
export function Alert({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} role="alert" className="form-alert">
      {icons.error}
      <p>{children}</p>
    </div>
  );
}

/** The failure the user has edited the surrounding form since: typing makes its alert old news. */
function useEditedSince(failure: Failure | null) {
  const ref = useRef<HTMLDivElement>(null);
  const [edited, setEdited] = useState<Failure | null>(null);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form || !failure) return;
    const onEdit = () => setEdited(failure);
    form.addEventListener("input", onEdit);
    form.addEventListener("change", onEdit);
    return () => {
      form.removeEventListener("input", onEdit);
      form.removeEventListener("change", onEdit);
    };
  }, [failure]);
  return { ref, edited: failure !== null && failure === edited };
}

/** "You can try again in …", counting down from when the failure was shown, then "now". */
function RetryCountdown({ failure }: { failure: Failure }) {
  const { i18n } = useLingui();
  const left = useCountdown(failure.retryAfter, failure);
  if (left === null) return null;
  // The countdown is not read out each second; its end is.
  return left > 0 ? (
    <span role="timer" aria-live="off">
      {retryText(i18n, left)}
    </span>
  ) : (
    <span>{retryText(i18n, 0)}</span>
  );
}

/**
 * A failed call that no field explains, in the language active now (see failureText). It goes
 * when the user edits the form it sits in, and a newer failure replaces it.
 */
export function FormAlert({ failure }: { failure: Failure | null }) {
  const { i18n } = useLingui();
  const { ref, edited } = useEditedSince(failure);
  const fieldsExplainIt = failure !== null && (Object.keys(failure.fields).length > 0 || Object.keys(failure.fieldKeys).length > 0);
  if (!failure || fieldsExplainIt || edited) return null;
  const { text, verbatim } = failureText(i18n, failure);
  return (
    <Alert ref={ref}>
      {/* Words we could not translate keep their own direction (and their full stop's side). */}
      {verbatim ? <bdi>{text}</bdi> : text}
      {failure.retryAfter !== null && (
        <>
          {" "}
          <RetryCountdown failure={failure} />
        </>
      )}
    </Alert>
  );
}
