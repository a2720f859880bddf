import type { PendingFlow, SocialProvider } from "../../../../machines/auth/auth.types.ts";
import { socialProviders } from "../../../../machines/auth/socialPopup.machine.ts";
import type { KeyValueStore } from "../../../shared/adapters/storage.ts";
import { safeReturnTo } from "../../../shared/lib/paths.ts";

// Session storage: one tab's flow survives that tab's reload, and ends with the tab.
const keys = { flow: "authFlow", social: "authSocialRequest", cooldown: "authCodeCooldownUntil" } as const;

/** A popup's answer is awaited this long after it opened; an older request is not resumed. */
export const SOCIAL_REQUEST_MAX_AGE_MS = 10 * 60_000;

type Json = Record<string, unknown>;
const record = (value: unknown): Json | null => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : null);
const text = (value: unknown, max = 320): string | null => (typeof value === "string" && value.length > 0 && value.length <= max ? value : null);

function emailAndToken(value: unknown): { email: string; token: string | null } | null {
  const r = record(value);
  const email = text(r?.email);
  return r && email ? { email, token: text(r.token, 200) } : null;
}

/** Reads stored data defensively: what does not have the expected shape reads as absent. */
export function parseFlow(value: unknown): PendingFlow | null {
  const r = record(value);
  if (!r) return null;
  const forgetEmail = text(record(r.forgetpass)?.email);
  return {
    signupUser: emailAndToken(r.signupUser),
    otp: emailAndToken(r.otp),
    forgetpass: forgetEmail ? { email: forgetEmail } : null,
    returnTo: safeReturnTo(text(r.returnTo, 2000)),
    loginEmail: text(r.loginEmail),
  };
}

const isEmpty = (flow: PendingFlow) => Object.values(flow).every((value) => value === null);

/** The auth flow a tab keeps across a reload, the social popup it opened, and the code resend wait. */
export function createFlowStore(store: KeyValueStore | null = typeof sessionStorage === "undefined" ? null : sessionStorage) {
  const read = (key: string): unknown => {
    try {
      const raw = store?.getItem(key);
      return raw ? (JSON.parse(raw) as unknown) : null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: unknown) => {
    try {
      if (value === null) store?.removeItem(key);
      else store?.setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or denied: the flow simply does not survive a reload.
    }
  };
  return {
    readFlow: (): PendingFlow | null => parseFlow(read(keys.flow)),
    writeFlow: (flow: PendingFlow) => write(keys.flow, isEmpty(flow) ? null : flow),
    /** The popup request still worth waiting for, if any. */
    readSocialRequest(now = Date.now()): { provider: SocialProvider; requestId: string } | null {
      const r = record(read(keys.social));
      const provider = socialProviders.find((p) => p === r?.provider);
      const requestId = text(r?.requestId, 100);
      const at = typeof r?.at === "number" ? r.at : NaN;
      return provider && requestId && now - at >= 0 && now - at < SOCIAL_REQUEST_MAX_AGE_MS ? { provider, requestId } : null;
    },
    writeSocialRequest: (request: { provider: SocialProvider; requestId: string } | null, now = Date.now()) =>
      write(keys.social, request ? { ...request, at: now } : null),
    /** Whole seconds left of the resend wait a reload interrupted (0 when none). */
    readCooldown(now = Date.now()): number {
      const until = read(keys.cooldown);
      return typeof until === "number" && until > now ? Math.min(Math.ceil((until - now) / 1000), 3600) : 0;
    },
    writeCooldown: (seconds: number, now = Date.now()) => write(keys.cooldown, seconds > 0 ? now + seconds * 1000 : null),
  };
}

export type FlowStore = ReturnType<typeof createFlowStore>;
