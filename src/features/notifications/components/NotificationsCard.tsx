import { useSelector } from "@xstate/react";
import { useLingui } from "@lingui/react/macro";
import type { ActorRefFrom } from "xstate";
import { useAppActor } from "../../../shared/actors/context.tsx";
import type { PushError, pushTokenMachine } from "../../../../machines/notifications/pushToken.machine.ts";

type PushActor = ActorRefFrom<typeof pushTokenMachine>;

function PushStatus({ push }: { push: PushActor }) {
  const { t } = useLingui();
  const state = useSelector(push, (snapshot) => (snapshot.status === "active" ? String(snapshot.value) : "unavailable"));
  const error = useSelector(push, (snapshot) => snapshot.context.error);
  // Spec section 8's texts for the first four.
  const errors: Record<PushError, string> = {
    permissionDenied: t`You denied for the notifications`,
    permissionError: t`Notification permission error!`,
    tokenMissing: t`token mission!`,
    tokenError: t`An error occurred while retrieving token.`,
    registerFailed: t`Your notification settings could not be saved. Please try again.`,
  };
  const status: Record<string, string> = {
    checking: t`Checking whether this browser can show notifications…`,
    unavailable: t`Notifications are not available in this browser.`,
    idle: t`Get a notification when your orders complete and prices move.`,
    requestingPermission: t`Answer your browser's question to allow notifications.`,
    blocked: t`Notifications are blocked for this site. Allow them in your browser's site settings, then try again.`,
    gettingToken: t`Turning on notifications…`,
    registering: t`Turning on notifications…`,
    ready: t`Notifications are on for this browser.`,
    failed: t`Notifications could not be turned on.`,
  };
  const busy = state === "requestingPermission" || state === "gettingToken" || state === "registering";
  const canAsk = state === "idle" || state === "blocked" || state === "failed" || busy;
  return (
    <>
      <p className="field-hint" aria-live="polite">
        {status[state] ?? status.unavailable}
      </p>
      {error && (
        <p role="alert" className="form-alert">
          {errors[error]}
        </p>
      )}
      {canAsk && (
        <button type="button" className="button button-primary button-inline" disabled={busy} aria-busy={busy} onClick={() => push.send({ type: "push.enable" })}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {state === "idle" ? t`Enable notifications` : t`Try again`}
        </button>
      )}
    </>
  );
}

/** The signed-in user's push notifications: the auth machine runs the push-token machine while signed in. */
export function NotificationsCard() {
  const { t } = useLingui();
  const push = useSelector(useAppActor("auth"), (snapshot) => snapshot.children.pushToken as PushActor | undefined);
  return (
    <section className="card" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">{t`Notifications`}</h2>
      {push ? <PushStatus push={push} /> : <p className="field-hint">{t`Notifications are not available in this browser.`}</p>}
    </section>
  );
}
