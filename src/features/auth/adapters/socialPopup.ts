import { base64url } from "../../../shared/lib/base64url.ts";
import { POPUP_HEIGHT, POPUP_WIDTH, type PopupHandle, type SocialProvider } from "../../../../machines/auth/socialPopup.machine.ts";

// One window name: a second request navigates the same popup instead of opening another.
const WINDOW_NAME = "sarraf-social";

const randomId = () => base64url(crypto.getRandomValues(new Uint8Array(16)));

/** 500×600, centred on this window (which may sit on a second screen). */
export function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/** Opens (or, by its name, reuses) the popup at the provider's start URL; null when the browser blocked it. */
export function openPopup(input: { provider: SocialProvider }): PopupHandle | null {
  const requestId = randomId();
  // The popup's own pages (the stand-in's form, the result page) speak the app's language.
  const lang = document.documentElement.lang === "ar" ? "ar" : "en";
  const url = `/auth/${input.provider}/start?${new URLSearchParams({ request: requestId, lang })}`;
  const win = window.open(url, WINDOW_NAME, popupFeatures());
  if (!win) return null;
  win.focus?.();
  return { requestId, isClosed: () => win.closed, close: () => win.close() };
}
