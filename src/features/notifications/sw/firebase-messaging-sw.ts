// The messaging service worker Firebase needs for push (served at /firebase-messaging-sw.js,
// registered by src/features/notifications/adapters/firebase.ts; vite.config.ts bundles it whole). Without a Firebase configuration
// in the build it does nothing.
import { initializeApp } from "firebase/app";
import { getMessaging, onBackgroundMessage } from "firebase/messaging/sw";
import { firebaseConfig } from "../firebaseConfig.ts";

const worker = self as unknown as { registration: ServiceWorkerRegistration };

if (firebaseConfig) {
  const messaging = getMessaging(initializeApp(firebaseConfig.config));
  // Notification messages are shown by Firebase itself; data-only messages get a plain notification.
  onBackgroundMessage(messaging, (payload) => {
    if (payload.notification) return;
    const data = payload.data ?? {};
    void worker.registration.showNotification(data.title ?? "Sarraf", { body: data.body, icon: "/favicon.svg", data });
  });
}
