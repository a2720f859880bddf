// The provider's payment page in a popup. Browsers allow window.open only during a user gesture,
// and the page's address arrives after sendOrder answers: so the press opens a blank window at
// once, and the answer sends it to the payment page.
import { PAYMENT_WINDOW_HEIGHT, PAYMENT_WINDOW_WIDTH } from "../../../../machines/onramp/buyOrder.types.ts";

// One window name: reopening the page reuses the same popup instead of stacking them.
const WINDOW_NAME = "sarraf-payment";

export interface PaymentWindow {
  /** Opens the blank window while the press is still a gesture; nothing if the browser refuses. */
  reserve(): void;
  /** Shows the page in the reserved window, or opens one; false when the browser blocked it. */
  open(url: string): boolean;
  close(): void;
  /** Whether the window this page opened is still open (false when none was, or it was closed). */
  isOpen(): boolean;
}

/** 500×700, centred on this window (which may sit on a second screen). */
function features(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - PAYMENT_WINDOW_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - PAYMENT_WINDOW_HEIGHT) / 2));
  return `popup=yes,width=${PAYMENT_WINDOW_WIDTH},height=${PAYMENT_WINDOW_HEIGHT},left=${left},top=${top}`;
}

/** One page's payment window. */
export function createPaymentWindow(): PaymentWindow {
  let current: Window | null = null;
  return {
    reserve() {
      current = window.open("about:blank", WINDOW_NAME, features()) ?? null;
    },
    open(url) {
      if (current && !current.closed) {
        current.location.href = url;
        current.focus?.();
        return true;
      }
      current = window.open(url, WINDOW_NAME, features()) ?? null;
      current?.focus?.();
      return Boolean(current);
    },
    isOpen: () => Boolean(current && !current.closed),
    close() {
      if (current && !current.closed) current.close();
      current = null;
    },
  };
}
