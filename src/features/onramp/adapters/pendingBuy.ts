// The card buy under way in this browser, so a reload (or a return from the payment page in the
// same tab) watches it again.
const KEY = "sarraf.pendingBuy";

export interface PendingBuyStore {
  read(): string | null;
  write(orderId: string): void;
  forget(): void;
}

/** localStorage, or nothing in private modes that refuse it (the order then lasts for this page). */
export function createPendingBuyStore(storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | undefined = globalThis.localStorage): PendingBuyStore {
  const attempt = <T>(run: () => T, fallback: T): T => {
    try {
      return storage ? run() : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    read: () => attempt(() => storage!.getItem(KEY), null),
    write: (orderId) => attempt(() => storage!.setItem(KEY, orderId), undefined),
    forget: () => attempt(() => storage!.removeItem(KEY), undefined),
  };
}
