import { createActor, fromPromise } from "xstate";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { authMachine, type UserInfo } from "../../machines/auth.machine.ts";
import { localeMachine } from "../../machines/locale.machine.ts";
import { routeProgressMachine } from "../../machines/routeProgress.machine.ts";
import type { ApiClient } from "../adapters/api/client.ts";
import { notifyError } from "../adapters/notify.ts";
import * as storage from "../adapters/storage.ts";
import { activateLocale, initialLocale, loadCatalog } from "../i18n/catalogs.ts";
import { paths } from "../lib/paths.ts";
import type { AppActors } from "../actors/context.tsx";
import { createEventLog, type EventLog } from "../actors/eventLog.ts";

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
    (client ??= import("../adapters/api/client.ts").then(({ createApiClient }) =>
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

  auth = createActor(
    authMachine.provide({
      actions: {
        clearStoredAuth: () => storage.clearStoredAuth(),
        redirectToLogin: () => navigate(paths.login, { replace: true }),
        redirectHome: () => navigate(paths.home, { replace: true }),
        storeUserInfo: ({ context }) => storage.writeUserInfo(context.userInfo),
      },
      actors: {
        logout: fromPromise(async () => {
          await (await api()).post("/user/logout");
        }),
        loadProfile: fromPromise(async () => (await (await api()).post<UserInfo>("/user/get-profile-by-id")).data),
      },
    }),
    { input: { storedUser: storage.readAuthUser() }, inspect: eventLog.inspectorFor("auth") },
  );

  const routeProgress = createActor(routeProgressMachine, { inspect: eventLog.inspectorFor("routeProgress") });
  const actors: AppActors = { auth, locale, routeProgress };
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
