import { tokenOf } from "../../../machines/auth/auth.state.ts";
import type { Profile, StoredUser } from "../../../machines/auth/auth.types.ts";
import { isLocale, type Locale } from "../../../machines/shell/locale.machine.ts";

// Keys the spec names: the auth record and profile, the language, the last activity time.
export const storageKeys = {
  authUser: "authUser",
  userInfo: "userInfo",
  lang: "lang",
  lastActivityTime: "lastActivityTime",
  pushSubscription: "pushSubscription",
} as const;

/** What the app needs of Web Storage: localStorage in the browser, a Map-backed one in tests. */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** A Web Storage kept in memory: for tests, and anywhere localStorage is not available. */
export function memoryStore(entries: Record<string, string> = {}): KeyValueStore {
  const values = new Map(Object.entries(entries));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  };
}

/**
 * The values the app keeps in the browser (spec section 3: authUser, userInfo, lang,
 * lastActivityTime, the push subscription), read defensively: corrupt data reads as absent.
 */
export function createAppStorage(store: KeyValueStore = localStorage) {
  const readJson = (key: string): unknown => {
    try {
      const raw = store.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as unknown);
    } catch {
      // Corrupt stored data must not break start-up: treat it as absent.
      return null;
    }
  };
  const writeJson = (key: string, value: unknown) => store.setItem(key, JSON.stringify(value));

  /** The stored auth record, or null when absent, unparsable or not an object. */
  const readAuthUser = (): StoredUser | null => {
    const value = readJson(storageKeys.authUser);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as StoredUser) : null;
  };

  return {
    readJson,
    writeJson,
    readAuthUser,
    readToken: () => tokenOf(readAuthUser()),
    /** A sign-in's record: the user with its Token as `authUser`, the profile alone as `userInfo`. */
    writeSignedInUser(user: StoredUser, userInfo: Profile | null) {
      writeJson(storageKeys.authUser, user);
      writeJson(storageKeys.userInfo, userInfo);
    },
    writeUserInfo: (userInfo: Profile | null) => writeJson(storageKeys.userInfo, userInfo),
    clearAuth() {
      store.removeItem(storageKeys.authUser);
      store.removeItem(storageKeys.userInfo);
    },
    readLocale(): Locale | null {
      const value = store.getItem(storageKeys.lang);
      return isLocale(value) ? value : null;
    },
    writeLocale: (locale: Locale) => store.setItem(storageKeys.lang, locale),
    /** When any tab of this browser last saw the user active (ms since the epoch); null when absent or not a time. */
    readLastActivityTime(): number | null {
      const value = Number(store.getItem(storageKeys.lastActivityTime));
      return Number.isFinite(value) && value > 0 ? value : null;
    },
    writeLastActivityTime: (at: number) => store.setItem(storageKeys.lastActivityTime, String(at)),
    /** Calls back when another tab changes the auth record in this store, with the record now stored. */
    onAuthUserChange(listener: (user: StoredUser | null) => void): () => void {
      // Prerendering at build time has no window and no other tabs.
      if (typeof window === "undefined") return () => {};
      const handler = (event: StorageEvent) => {
        if (event.storageArea && event.storageArea !== store) return;
        if (event.key === storageKeys.authUser || event.key === null) listener(readAuthUser());
      };
      window.addEventListener("storage", handler);
      return () => window.removeEventListener("storage", handler);
    },
  };
}

export type AppStorage = ReturnType<typeof createAppStorage>;
