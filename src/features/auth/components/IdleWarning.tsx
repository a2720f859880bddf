import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useSelector } from "../../../shared/actors/hooks.ts";
import "./idle-warning.css";

/** Seconds until `at`, now and then once a second, down to 0. */
function useSecondsUntil(at: number): number {
  const left = () => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads only `at`
  }, [at]);
  return seconds;
}

/** m:ss, the way a countdown reads in both languages (digits kept LTR by the caller). */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** Only these moments are spoken (politely): a screen reader is not read every second. */
const SPOKEN_AT = new Set([30, 10]);

/**
 * The warning a minute before the idle logout (the inactivity machine's `warning` tag): an
 * alert dialog that takes focus, says the session is about to end with a live countdown, and
 * offers "Stay signed in" (Escape too) or "Log out". A click or key outside it, the tab shown
 * again, or another tab's activity or choice closes it too (the machine leaves its warning); the
 * pointer moving towards its buttons does not (src/features/auth/adapters/activity.ts). Shown over
 * every page while signed in.
 */
export function IdleWarning() {
  const auth = useAppActor("auth");
  const watch = useSelector(auth, (state) => state.children.watchInactivity);
  const logoutAt = useSelector(watch, (state) => (state?.hasTag("warning") ? state.context.logoutAt : null));
  if (!watch || logoutAt === null) return null;
  return (
    <IdleWarningDialog
      logoutAt={logoutAt}
      onStay={() => watch.send({ type: "inactivity.stay", at: Date.now() })}
      onLogout={() => auth.send({ type: "auth.logout" })}
    />
  );
}

function IdleWarningDialog({ logoutAt, onStay, onLogout }: { logoutAt: number; onStay: () => void; onLogout: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const stay = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const seconds = useSecondsUntil(logoutAt);
  const time = clock(seconds);
  // Focus moves in when the dialog opens, and back where it was when it closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stay.current?.focus();
    return () => before?.focus({ preventScroll: true });
  }, []);
  // Focus stays inside while it is open: Tab cycles through its buttons; Escape stays signed in.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onStay();
      return;
    }
    if (event.key !== "Tab") return;
    const buttons = [...(dialog.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.shiftKey ? (at <= 0 ? buttons.length - 1 : at - 1) : at === buttons.length - 1 ? 0 : at + 1;
    event.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <div className="idle-warning-backdrop" data-idle-warning="backdrop">
      <div
        ref={dialog}
        className="idle-warning"
        data-idle-warning="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{t`Your session is about to end`}</h2>
        <p id={`${id}-text`}>{t`You have been inactive for almost 15 minutes. For your security you will be logged out when the time runs out.`}</p>
        <p className="idle-warning-countdown" aria-hidden="true">
          <span dir="ltr">{time}</span>
        </p>
        <p className="visually-hidden" aria-live="polite">
          {SPOKEN_AT.has(seconds) ? t`Time left: ${time}` : ""}
        </p>
        <div className="idle-warning-actions">
          <button ref={stay} type="button" className="button button-primary" onClick={onStay}>
            {t`Stay signed in`}
          </button>
          <button type="button" className="button button-ghost" onClick={onLogout}>
            {t`Log out`}
          </button>
        </div>
      </div>
    </div>
  );
}
