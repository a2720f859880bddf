import { createActor, fromCallback, fromPromise, type AnyActorRef } from "xstate";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { authMachine, type AuthUser, type CodeSent, type UserInfo } from "../../machines/auth/auth.machine.ts";
import { codeCooldownMachine } from "../../machines/auth/codeCooldown.machine.ts";
import { inactivityMachine } from "../../machines/auth/inactivity.machine.ts";
import { listenForActivity } from "../features/auth/adapters/activity.ts";
import { openPopup } from "../features/auth/adapters/socialPopup.ts";
import { pushTokenMachine } from "../../machines/notifications/pushToken.machine.ts";
import { socialPopupMachine, type SocialProvider } from "../../machines/auth/socialPopup.machine.ts";
import { localeMachine } from "../../machines/shell/locale.machine.ts";
import { routeProgressMachine } from "../../machines/shell/routeProgress.machine.ts";
import type { ApiClient } from "../shared/api/client.ts";
import { notifyError } from "../shared/adapters/notify.ts";
import * as storage from "../shared/adapters/storage.ts";
import { activateLocale, initialLocale, loadCatalog } from "../shared/i18n/catalogs.ts";
import { paths } from "../shared/lib/paths.ts";
import type { showAuthNotice } from "../features/auth/services/notices.ts";
import type { AppActors } from "../shared/actors/context.tsx";
import { createEventLog, type EventLog } from "../shared/actors/eventLog.ts";

export interface AppServices {
  actors: AppActors;
  eventLog: EventLog;
  /** The API client; its code (ofetch) loads on the first call, not before first paint. */
  api: () => Promise<ApiClient>;
  stop: () => void;
}

/** The composition root: machines get their effects here, and only here. */
export function createAppServices(navigate: (to: string, options?: { replace?: boolean }) => void): AppServices {
  const eventLog = createEventLog();
  const locale = createActor(
    localeMachine.provide({
      actors: { loadCatalog: fromPromise(({ input }) => loadCatalog(input.locale)) },
      actions: {
        applyLocale: ({ context }) => context.active && activateLocale(context.active),
        persistLocale: ({ context }) => context.active && storage.writeStoredLocale(context.active),
        reportLoadFailure: () => {
          if (i18n.locale) notifyError(i18n._(msg`The language could not be loaded. Check your connection and try again.`));
        },
      },
    }),
    { input: { locale: initialLocale(storage.readStoredLocale(), navigator.languages ?? []) }, inspect: eventLog.inspectorFor("locale") },
  );

  // The API client reads the auth actor lazily: it is created just below.
  let auth: AppActors["auth"] | null = null;
  let client: Promise<ApiClient> | null = null;
  const api = () =>
    (client ??= import("../shared/api/client.ts").then(({ createApiClient }) =>
      createApiClient({
        baseURL: "/api/v1",
        getToken: storage.readStoredToken,
        getLocale: () => locale.getSnapshot().context.active ?? locale.getSnapshot().context.requested,
        onUnauthorized: (error) => {
          auth?.send({ type: "auth.unauthorized" });
          notifyError(error.message, "unauthorized");
        },
      }),
    ));

  // A new code asked for on its own page stays there, without a second history entry.
  const goTo = (path: string) => window.location.pathname !== path && navigate(path);
  // Each call answers the envelope's data; errors reach the machine as the client's ApiError.
  const call = async <T>(path: string, body?: Record<string, unknown>) => (await (await api()).post<T>(path, body)).data;

  auth = createActor(
    authMachine.provide({
      actions: {
        clearStoredAuth: () => storage.clearStoredAuth(),
        storeSignedInUser: ({ context }) => context.user && storage.writeSignedInUser(context.user, context.userInfo),
        storeUserInfo: ({ context }) => storage.writeUserInfo(context.userInfo),
        redirectToLogin: () => navigate(paths.login, { replace: true }),
        redirectHome: () => navigate(paths.home, { replace: true }),
        redirectToVerifyEmail: () => goTo(paths.verifyEmail),
        redirectToResetPassword: () => goTo(paths.resetPassword),
      },
      actors: {
        watchInactivity: inactivityMachine.provide({
          actions: { recordActivity: () => storage.writeLastActivityTime(Date.now()) },
          actors: {
            listenForActivity,
            // An unreadable stored time counts as now: bad data must not sign anyone out.
            readIdleTime: fromPromise(async () => ({ now: Date.now(), lastActivityAt: storage.readLastActivityTime() ?? Date.now() })),
          },
        }),
        watchPushToken: pushTokenMachine.provide({
          actions: {
            storeSubscription: ({ context }) => void import("../features/notifications/adapters/firebase.ts").then((push) => push.writePushSubscription(context.subscription)),
          },
          actors: {
            inspectPush: fromPromise(async () => (await import("../features/notifications/adapters/firebase.ts")).inspectPush()),
            requestPermission: fromPromise(() => Notification.requestPermission()),
            getToken: fromPromise(async ({ input }) => (await import("../features/notifications/adapters/firebase.ts")).getPushToken(input.refresh)),
            registerToken: fromPromise(async ({ input }) => {
              // The server takes absent, not null, for the Web Push fields a browser may lack.
              const present = Object.entries(input.subscription).filter(([, value]) => value !== null);
              await call("/user/push-token", Object.fromEntries(present));
            }),
          },
        }),
        socialPopup: socialPopupMachine.provide({
          actors: {
            // window.open runs within the click's own task (the send starts this actor at once):
            // Safari blocks a popup opened after an await.
            openPopup: fromPromise(async ({ input }) => openPopup(input)),
            // The listener's code loads on the first social button press, not before first paint.
            listenForResult: fromCallback(({ sendBack }) => {
              let stop: (() => void) | undefined;
              let stopped = false;
              void import("../features/auth/adapters/socialResult.ts").then(({ listenForResult }) => {
                if (!stopped) stop = listenForResult(sendBack);
              });
              return () => {
                stopped = true;
                stop?.();
              };
            }),
          },
        }),
        socialLogin: fromPromise(({ input }) => call<AuthUser>("/user/social-login", { ...input })),
        logout: fromPromise(async () => {
          await call("/user/logout");
        }),
        loadProfile: fromPromise(() => call<UserInfo>("/user/get-profile-by-id")),
        login: fromPromise(({ input }) => call<AuthUser>("/user/login", { ...input })),
        signup: fromPromise(({ input }) => call<CodeSent>("/user/signup", { ...input })),
        sendOtp: fromPromise(({ input }) => call<CodeSent>("/user/sendotp", { ...input })),
        verifyOtp: fromPromise(({ input: { token, ...code } }) => call<AuthUser>("/user/verifyotp", token ? { ...code, token } : code)),
        forgotPassword: fromPromise(({ input }) => call<CodeSent>("/user/forgotPassword", { ...input })),
        resetPassword: fromPromise(async ({ input }) => {
          await call("/user/resetpassword", { ...input });
        }),
        updateProfile: fromPromise(({ input }) => call<UserInfo>("/user/update-profile", { ...input })),
        changePassword: fromPromise(async ({ input }) => {
          await call("/user/changepassword", { ...input });
        }),
        setPassword: fromPromise(async ({ input }) => {
          await call("/user/set-password", { ...input });
        }),
      },
    }),
    { input: { storedUser: storage.readAuthUser() }, inspect: eventLog.inspectorFor("auth") },
  );

  const codeCooldown = createActor(codeCooldownMachine, { inspect: eventLog.inspectorFor("codeCooldown") });
  auth.on("auth.codeCooldown", ({ seconds }) => codeCooldown.send({ type: "cooldown.start", seconds }));
  // Notices come after something happened, never before first paint: their texts load then.
  const notice = (event: Parameters<typeof showAuthNotice>[0]) => void import("../features/auth/services/notices.ts").then((module) => module.showAuthNotice(event));
  auth.on("auth.notice", notice);
  // A second provider button while a popup is open cancels the first request: say so.
  let popup: AnyActorRef | undefined;
  auth.subscribe((snapshot) => {
    const child = snapshot.children.socialPopup as AnyActorRef | undefined;
    if (!child || child === popup) return;
    popup = child;
    child.on("social.cancelled", (event: { provider: SocialProvider }) => notice({ type: "auth.notice", notice: "socialCancelled", provider: event.provider }));
  });

  const routeProgress = createActor(routeProgressMachine, { inspect: eventLog.inspectorFor("routeProgress") });
  const actors: AppActors = { auth, locale, routeProgress, codeCooldown };
  for (const actor of Object.values(actors)) actor.start();
  const stopWatchingStorage = storage.onAuthStorageChange((user) => auth?.send({ type: "auth.storageChanged", user }));

  return {
    actors,
    eventLog,
    api,
    stop: () => {
      stopWatchingStorage();
      for (const actor of Object.values(actors)) actor.stop();
    },
  };
}
