import { useLingui } from "@lingui/react/macro";
import type { PushError, PushTokenTag } from "../../../../machines/notifications/pushToken.machine.ts";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useSelector } from "../../../shared/actors/hooks.ts";

const statusTags: readonly PushTokenTag[] = ["checking", "notAsked", "asking", "blocked", "enabling", "on", "failed"];

function usePushActor() {
  return useSelector(useAppActor("auth"), (snapshot) => snapshot.children.pushToken);
}

function PushStatus({ push }: { push: NonNullable<ReturnType<typeof usePushActor>> }) {
  const { t } = useLingui();
  // A finished machine carries no tag: push is unavailable here.
  const tag = useSelector(push, (snapshot) => statusTags.find((candidate) => snapshot.hasTag(candidate)) ?? "unavailable");
  const busy = useSelector(push, (snapshot) => snapshot.hasTag("asking") || snapshot.hasTag("enabling"));
  const canAsk = useSelector(push, (snapshot) => snapshot.can({ type: "push.enable" }));
  const notAsked = useSelector(push, (snapshot) => snapshot.hasTag("notAsked"));
  const error = useSelector(push, (snapshot) => snapshot.context.error);
  // Spec section 8's texts for the first four.
  const errors: Record<PushError, string> = {
    permissionDenied: t`You denied for the notifications`,
    permissionError: t`Notification permission error!`,
    tokenMissing: t`token mission!`,
    tokenError: t`An error occurred while retrieving token.`,
    registerFailed: t`Your notification settings could not be saved. Please try again.`,
  };
  const status: Record<PushTokenTag | "unavailable", string> = {
    checking: t`Checking whether this browser can show notifications…`,
    unavailable: t`Notifications are not available in this browser.`,
    notAsked: t`Get a notification when your orders complete and prices move.`,
    asking: t`Answer your browser's question to allow notifications.`,
    blocked: t`Notifications are blocked for this site. Allow them in your browser's site settings, then try again.`,
    enabling: t`Turning on notifications…`,
    on: t`Notifications are on for this browser.`,
    failed: t`Notifications could not be turned on.`,
  };
  return (
    <>
      <p className="field-hint" aria-live="polite">
        {status[tag]}
      </p>
      {error && (
        <p role="alert" className="form-alert">
          {errors[error]}
        </p>
      )}
      {(canAsk || busy) && (
        <button
          type="button"
          className="button button-primary button-inline"
          disabled={busy}
          aria-busy={busy}
          onClick={() => push.send({ type: "push.enable" })}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {notAsked ? t`Enable notifications` : t`Try again`}
        </button>
      )}
    </>
  );
}

/** The signed-in user's push notifications: the auth machine runs the push-token machine while signed in. */
export function NotificationsCard() {
  const { t } = useLingui();
  const push = usePushActor();
  return (
    <section className="card" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">{t`Notifications`}</h2>
      {push ? <PushStatus push={push} /> : <p className="field-hint">{t`Notifications are not available in this browser.`}</p>}
    </section>
  );
}
