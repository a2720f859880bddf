// The build's Firebase web configuration (VITE_FIREBASE_*), read by the app and by the messaging
// service worker alike.
const env = import.meta.env;

/** The configuration and the Web Push (VAPID) key, or null when any part is missing. */
export const firebaseConfig = (() => {
  const config = {
    apiKey: env.VITE_FIREBASE_API_KEY as string | undefined,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN as string | undefined,
    projectId: env.VITE_FIREBASE_PROJECT_ID as string | undefined,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID as string | undefined,
    appId: env.VITE_FIREBASE_APP_ID as string | undefined,
  };
  const vapidKey = env.VITE_FIREBASE_VAPID_KEY as string | undefined;
  const { apiKey, projectId, messagingSenderId, appId } = config;
  return apiKey && projectId && messagingSenderId && appId && vapidKey ? { config, vapidKey } : null;
})();
