import { useEffect, useRef, type ReactNode } from "react";

/**
 * A form's success: what happened and what comes next, with the way to start again. It takes the
 * focus from the form it replaces (whose button is gone), so keyboards and screen readers land on it.
 */
export function SentNotice({
  title,
  children,
  again,
  onAgain,
  takeFocus = true,
}: {
  title: ReactNode;
  children: ReactNode;
  again?: string;
  onAgain?: () => void;
  /** false on a page that opens with it (the page's heading has the focus). */
  takeFocus?: boolean;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (takeFocus) ref.current?.focus();
  }, [takeFocus]);
  return (
    <div className="sent-notice">
      <svg
        className="sent-icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M8 12.5l2.5 2.5L16 9.5" />
      </svg>
      <div className="sent-body">
        <p className="sent-title" tabIndex={-1} ref={ref}>
          {title}
        </p>
        <p>{children}</p>
        {again && onAgain && (
          <button type="button" className="link-button" onClick={onAgain}>
            {again}
          </button>
        )}
      </div>
    </div>
  );
}
