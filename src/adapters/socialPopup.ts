import { base64url } from "../lib/base64url.ts";
import { POPUP_HEIGHT, POPUP_WIDTH, type CallbackFailure, type PopupHandle, type SocialPopupEvent, type SocialProvider } from "../../machines/socialPopup.machine.ts";

/** The callback page's BroadcastChannel; it also posts to window.opener when the provider left it. */
export const SOCIAL_CHANNEL = "sarraf-social";
// One window name: a second request navigates the same popup instead of opening another.
const WINDOW_NAME = "sarraf-social";

const failures: readonly CallbackFailure[] = ["unauthorizedDomain", "denied", "emailTaken", "failed"];

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

/** The callback page's answer, accepted only from this origin and only in the expected shape. */
export function resultEventOf(data: unknown): SocialPopupEvent | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== "sarraf.social" || typeof message.requestId !== "string") return null;
  if (typeof message.code === "string" && message.code) return { type: "social.result", requestId: message.requestId, code: message.code };
  if (failures.includes(message.error as CallbackFailure)) return { type: "social.failure", requestId: message.requestId, reason: message.error as CallbackFailure };
  return null;
}

/** Delivers the callback page's answers until the returned function is called. */
export function listenForResult(sendBack: (event: SocialPopupEvent) => void): () => void {
  const deliver = (data: unknown) => {
    const event = resultEventOf(data);
    if (event) sendBack(event);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) deliver(event.data);
  };
  window.addEventListener("message", onMessage);
  // BroadcastChannel is same-origin by construction; it still works when the provider severed window.opener.
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(SOCIAL_CHANNEL) : null;
  if (channel) channel.onmessage = (event) => deliver(event.data);
  return () => {
    window.removeEventListener("message", onMessage);
    channel?.close();
  };
}
