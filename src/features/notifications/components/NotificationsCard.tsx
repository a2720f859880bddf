import { useLingui } from "@lingui/react/macro";
import type { PushError, PushTokenTag, PushUnavailable } from "../../../../machines/notifications/pushToken.machine.ts";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useSelector } from "../../../shared/actors/hooks.ts";

const statusTags: readonly PushTokenTag[] = ["checking", "notAsked", "asking", "blocked", "enabling", "on", "failed"];

function usePushActor() {
  return useSelector(useAppActor("auth"), (snapshot) => snapshot.children.pushToken);
}

function PushStatus({ push }: { push: NonNullable<ReturnType<typeof usePushActor>> }) {
  const { t } = useLingui();
  // A finished machine carries no tag: push is unavailable here, for the reason it kept.
  const tag = useSelector(push, (snapshot) => statusTags.find((candidate) => snapshot.hasTag(candidate)) ?? null);
  const unavailable = useSelector(push, (snapshot) => snapshot.context.unavailable);
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
  // Only `unsupported` is the browser's doing; the site's configuration is named as such.
  const reasons: Record<PushUnavailable, string> = {
    notConfigured: t`Notifications are not set up on this site yet.`,
    insecure: t`Notifications need a secure (HTTPS) connection, and this page was not opened over one.`,
    unsupported: t`This browser cannot receive notifications from websites.`,
    checkFailed: t`Could not check whether this browser can show notifications. Reload the page to try again.`,
  };
  const status: Record<PushTokenTag, string> = {
    checking: t`Checking whether this browser can show notifications…`,
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
        {tag ? status[tag] : reasons[unavailable ?? "checkFailed"]}
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
      {/* The auth machine starts the push machine on sign-in, before any signed-in page shows. */}
      {push && <PushStatus push={push} />}
    </section>
  );
}
