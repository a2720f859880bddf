import { fromPromise } from "xstate";
import type { pushTokenMachine, PushEnvironment, PushSubscriptionRecord } from "../../../../machines/notifications/pushToken.machine.ts";
import type { AppStorage } from "../../../shared/adapters/storage.ts";
import type { Call } from "../../../shared/api/call.ts";

/** Push in this browser: what it supports, the user's permission, and a token. */
export interface PushEdge {
  inspect(): Promise<Pick<PushEnvironment, "supported" | "configured" | "secure" | "permission">>;
  requestPermission(): Promise<NotificationPermission>;
  /** A token (a new one when `refresh`), with the push subscription behind it. */
  getToken(refresh: boolean): Promise<PushSubscriptionRecord>;
}

// Firebase loads on demand, and only when the build carries its configuration.
const firebase = () => import("../adapters/firebase.ts");
const pushStorage = () => import("../adapters/pushStorage.ts");

/** Firebase messaging and the browser's Notification permission. */
export const firebasePush: PushEdge = {
  inspect: async () => (await firebase()).inspectPush(),
  requestPermission: () => Notification.requestPermission(),
  getToken: async (refresh) => (await firebase()).getPushToken(refresh),
};

type PushTokenImplementations = Parameters<typeof pushTokenMachine.provide>[0];

/** What the push-token machine does at its edges: the browser's push, the kept subscription, and the server. */
export function pushTokenImplementations({ call, storage, push = firebasePush }: { call: Call; storage: AppStorage; push?: PushEdge | undefined }) {
  return {
    actions: {
      // Kept in storage, so a reload knows the token's age.
      storeSubscription: ({ context }) => void pushStorage().then(({ writePushSubscription }) => writePushSubscription(storage, context.subscription)),
    },
    actors: {
      inspectPush: fromPromise(async () => {
        const [environment, { readPushSubscription }] = await Promise.all([push.inspect(), pushStorage()]);
        return { ...environment, stored: readPushSubscription(storage), now: Date.now() };
      }),
      requestPermission: fromPromise(() => push.requestPermission()),
      getToken: fromPromise(({ input }) => push.getToken(input.refresh)),
      registerToken: fromPromise(async ({ input }) => {
        // The server takes absent, not null, for the Web Push fields a browser may lack.
        const { endpoint, auth, p256dh, ...subscription } = input.subscription;
        await call("pushToken", {
          ...subscription,
          ...(endpoint === null ? {} : { endpoint }),
          ...(auth === null ? {} : { auth }),
          ...(p256dh === null ? {} : { p256dh }),
        });
      }),
    },
  } satisfies PushTokenImplementations;
}
