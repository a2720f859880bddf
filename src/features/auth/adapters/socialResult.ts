import type { CallbackFailure, SocialPopupEvent } from "../../../../machines/auth/socialPopup.machine.ts";
import { createFlowStore, type FlowStore } from "./flowStore.ts";

/** The callback page's BroadcastChannel; it also posts to window.opener when the provider left it. */
export const SOCIAL_CHANNEL = "sarraf-social";

const failures: readonly CallbackFailure[] = ["unauthorizedDomain", "denied", "emailTaken", "failed"];

/** The callback page's answer, accepted only from this origin and only in the expected shape. */
export function resultEventOf(data: unknown): SocialPopupEvent | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== "sarraf.social" || typeof message.requestId !== "string") return null;
  if (typeof message.code === "string" && message.code) return { type: "social.result", requestId: message.requestId, code: message.code };
  if (failures.includes(message.error as CallbackFailure))
    return { type: "social.failure", requestId: message.requestId, reason: message.error as CallbackFailure };
  return null;
}

/**
 * Delivers the callback page's answers until the returned function is called. An answer to the
 * request this tab opened is acknowledged, so the popup stops sending it and closes.
 */
export function listenForResult(sendBack: (event: SocialPopupEvent) => void, flows: FlowStore = createFlowStore()): () => void {
  // BroadcastChannel is same-origin by construction; it still works when the provider severed window.opener.
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(SOCIAL_CHANNEL) : null;
  const deliver = (data: unknown) => {
    const event = resultEventOf(data);
    if (!event || event.type === "social.request") return;
    if (event.requestId === flows.readSocialRequest()?.requestId) channel?.postMessage({ type: "sarraf.social.ack", requestId: event.requestId });
    sendBack(event);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) deliver(event.data);
  };
  window.addEventListener("message", onMessage);
  if (channel) channel.onmessage = (event) => deliver(event.data);
  return () => {
    window.removeEventListener("message", onMessage);
    channel?.close();
  };
}
