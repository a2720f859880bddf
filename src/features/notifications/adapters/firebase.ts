// Firebase messaging for the push-token machine. Firebase loads only here, on demand, and only
// when the build carries a configuration: nothing before first paint pulls it in.
import type { PushEnvironment, PushSubscriptionRecord } from "../../../../machines/notifications/pushToken.machine.ts";
import { base64url } from "../../../shared/lib/base64url.ts";
import { firebaseConfig } from "../firebaseConfig.ts";

/** Where the messaging service worker lives (a classic script built from ../sw/) and the scope Firebase uses for it. */
export const SW_URL = "/firebase-messaging-sw.js";
export const SW_SCOPE = "/firebase-cloud-messaging-push-scope";

function browserCanPush(): boolean {
  return typeof Notification === "function" && "serviceWorker" in navigator && "PushManager" in window;
}

/** Whether push can work in this browser, build and address, and the permission the user gave so far. */
export async function inspectPush(): Promise<Pick<PushEnvironment, "supported" | "configured" | "secure" | "permission">> {
  // Browsers hide service workers (so push) from pages served over plain HTTP.
  const base = { secure: window.isSecureContext, permission: browserCanPush() ? Notification.permission : ("default" as const) };
  if (!browserCanPush() || !firebaseConfig) return { ...base, supported: browserCanPush(), configured: firebaseConfig !== null };
  const { isSupported } = await import("firebase/messaging");
  return { ...base, supported: await isSupported(), configured: true };
}

async function messaging() {
  if (!firebaseConfig) throw new Error("Firebase is not configured");
  const [{ getApps, initializeApp }, messagingModule] = await Promise.all([import("firebase/app"), import("firebase/messaging")]);
  const app = getApps()[0] ?? initializeApp(firebaseConfig.config);
  return { instance: messagingModule.getMessaging(app), module: messagingModule };
}

const keyOf = (key: ArrayBuffer | null) => (key ? base64url(key) : null);

/** A token from Firebase (a new one when `refresh`), with the push subscription behind it. */
export async function getPushToken(refresh: boolean): Promise<PushSubscriptionRecord> {
  const { instance, module } = await messaging();
  const registration = await navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE });
  if (refresh) await module.deleteToken(instance).catch(() => false);
  const token = await module.getToken(instance, { vapidKey: firebaseConfig!.vapidKey, serviceWorkerRegistration: registration });
  const subscription = await registration.pushManager.getSubscription();
  return {
    token,
    createdAt: Date.now(),
    endpoint: subscription?.endpoint ?? null,
    auth: keyOf(subscription?.getKey("auth") ?? null),
    p256dh: keyOf(subscription?.getKey("p256dh") ?? null),
    swScope: registration.scope,
    vapidKey: firebaseConfig!.vapidKey,
  };
}
