import { useLingui } from "@lingui/react/macro";
import { useAuthCall, useCodeCooldown } from "../../../shared/actors/hooks.ts";

/** "Send a new code", held back while a call runs and while the resend cooldown counts down (shown). */
export function ResendCode({ sendingCall, canSend, onSend }: { sendingCall: string; canSend: boolean; onSend: () => void }) {
  const { t } = useLingui();
  const call = useAuthCall();
  const cooldown = useCodeCooldown();
  return (
    <div className="form-row">
      <button type="button" className="link-button" disabled={call !== null || cooldown > 0 || !canSend} aria-busy={call === sendingCall} onClick={onSend}>
        {call === sendingCall ? t`Sending…` : t`Send a new code`}
      </button>
      {cooldown > 0 && (
        <span className="field-hint" role="timer" aria-live="off">
          {t`You can ask again in ${cooldown} s`}
        </span>
      )}
    </div>
  );
}
