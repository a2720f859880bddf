import { useLingui } from "@lingui/react/macro";
import type { AuthEvent } from "../../../../machines/auth/auth.types.ts";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useAuthBusy, useAuthCan, useCodeCooldown } from "../hooks.ts";

type SendEvent = Extract<AuthEvent, { type: "auth.sendCode" | "auth.forgotPassword" }>;

/** "Send a new code": held back while a call runs (the machine would not take it) and while the resend cooldown counts down (shown). */
export function ResendCode({ sending, event }: { sending: "sendCode" | "forgotPassword"; event: SendEvent }) {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const busy = useAuthBusy(sending);
  const can = useAuthCan(event);
  const cooldown = useCodeCooldown();
  return (
    <div className="form-row">
      <button type="button" className="link-button" disabled={!can || cooldown > 0 || event.email === ""} aria-busy={busy} onClick={() => auth.send(event)}>
        {busy ? t`Sending…` : t`Send a new code`}
      </button>
      {cooldown > 0 && (
        <span className="field-hint" role="timer" aria-live="off">
          {t`You can ask again in ${cooldown} s`}
        </span>
      )}
    </div>
  );
}
