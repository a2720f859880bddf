// The kept push subscription: only the push machine reads it, after first paint.
import type { PushSubscriptionRecord } from "../../../../machines/notifications/pushToken.machine.ts";
import { storageKeys, type AppStorage } from "../../../shared/adapters/storage.ts";

/** The kept push subscription; null when absent or not in the expected shape (then a new token is made). */
export function readPushSubscription(storage: AppStorage): PushSubscriptionRecord | null {
  const value = storage.readJson(storageKeys.pushSubscription) as Partial<PushSubscriptionRecord> | null;
  if (!value || typeof value !== "object" || typeof value.token !== "string" || !value.token || typeof value.createdAt !== "number") return null;
  if (typeof value.swScope !== "string" || typeof value.vapidKey !== "string") return null;
  return {
    token: value.token,
    createdAt: value.createdAt,
    endpoint: typeof value.endpoint === "string" ? value.endpoint : null,
    auth: typeof value.auth === "string" ? value.auth : null,
    p256dh: typeof value.p256dh === "string" ? value.p256dh : null,
    swScope: value.swScope,
    vapidKey: value.vapidKey,
  };
}

export function writePushSubscription(storage: AppStorage, record: PushSubscriptionRecord | null): void {
  if (record) storage.writeJson(storageKeys.pushSubscription, record);
}
