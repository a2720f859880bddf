// The messaging service worker Firebase needs for push (served at /firebase-messaging-sw.js,
// registered by src/adapters/firebase.ts; vite.config.ts bundles it whole). Without a Firebase configuration
// in the build it does nothing.
import { initializeApp } from "firebase/app";
import { getMessaging, onBackgroundMessage } from "firebase/messaging/sw";

const env = import.meta.env;
const config = {
  apiKey: env.VITE_FIREBASE_API_KEY as string | undefined,
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN as string | undefined,
  projectId: env.VITE_FIREBASE_PROJECT_ID as string | undefined,
  messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID as string | undefined,
  appId: env.VITE_FIREBASE_APP_ID as string | undefined,
};
const worker = self as unknown as { registration: ServiceWorkerRegistration };

if (config.apiKey && config.projectId && config.messagingSenderId && config.appId) {
  const messaging = getMessaging(initializeApp(config));
  // Notification messages are shown by Firebase itself; data-only messages get a plain notification.
  onBackgroundMessage(messaging, (payload) => {
    if (payload.notification) return;
    const data = payload.data ?? {};
    void worker.registration.showNotification(data.title ?? "Sarraf", { body: data.body, icon: "/favicon.svg", data });
  });
}
