// react-hot-toast loads on first use: nothing before first paint needs it. One promise, so toasts
// raised and dismissed in a row happen in that order.
const load = () => import("react-hot-toast").then((module) => module.default);
let loaded: ReturnType<typeof load> | undefined;
const toasts = () => (loaded ??= load());

/**
 * Messages are plain strings; an e-mail address in one is wrapped with isolateLtr
 * (src/shared/i18n/bidi.ts), and the toaster (src/app/Toasts.tsx) keeps it in order and unbroken.
 */
export function notifyError(message: string, id?: string): void {
  void toasts().then((toast) => toast.error(message, id ? { id } : undefined));
}

export function notifySuccess(message: string, id?: string): void {
  void toasts().then((toast) => toast.success(message, id ? { id } : undefined));
}

/** Takes down the toasts raised with these ids, if they are still up (a flow's notices once the flow is over). */
export function dismissNotices(ids: readonly string[]): void {
  void toasts().then((toast) => ids.forEach((id) => toast.dismiss(id)));
}
