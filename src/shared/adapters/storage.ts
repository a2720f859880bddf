import { tokenOf, type AuthUser } from "../../../machines/auth/auth.machine.ts";
import { isLocale, type Locale } from "../../../machines/shell/locale.machine.ts";

// Keys the spec names: the auth record and profile, the language, the last activity time.
export const storageKeys = {
  authUser: "authUser",
  userInfo: "userInfo",
  lang: "lang",
  lastActivityTime: "lastActivityTime",
  pushSubscription: "pushSubscription",
} as const;

export function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    // Corrupt stored data must not break start-up: treat it as absent.
    return null;
  }
}

/** The stored auth record, or null when absent, unparsable or not an object. */
export function readAuthUser(): AuthUser | null {
  const value = readJson(storageKeys.authUser);
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as AuthUser) : null;
}

export function readStoredToken(): string | null {
  return tokenOf(readAuthUser());
}

/** A sign-in's record: the user with its Token as `authUser`, the profile alone as `userInfo`. */
export function writeSignedInUser(user: AuthUser, userInfo: unknown): void {
  localStorage.setItem(storageKeys.authUser, JSON.stringify(user));
  localStorage.setItem(storageKeys.userInfo, JSON.stringify(userInfo));
}

export function writeUserInfo(userInfo: unknown): void {
  localStorage.setItem(storageKeys.userInfo, JSON.stringify(userInfo));
}

export function clearStoredAuth(): void {
  localStorage.removeItem(storageKeys.authUser);
  localStorage.removeItem(storageKeys.userInfo);
}

export function readStoredLocale(): Locale | null {
  const value = localStorage.getItem(storageKeys.lang);
  return isLocale(value) ? value : null;
}

export function writeStoredLocale(locale: Locale): void {
  localStorage.setItem(storageKeys.lang, locale);
}

/** Calls back when another tab changes the auth record, with the record now stored. */
export function onAuthStorageChange(listener: (user: AuthUser | null) => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === storageKeys.authUser || event.key === null) listener(readAuthUser());
  };
  window.addEventListener("storage", handler);
  return () => window.removeEventListener("storage", handler);
}

/** When any tab of this browser last saw the user active (ms since the epoch); null when absent or not a time. */
export function readLastActivityTime(): number | null {
  const value = Number(localStorage.getItem(storageKeys.lastActivityTime));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeLastActivityTime(at: number): void {
  localStorage.setItem(storageKeys.lastActivityTime, String(at));
}
