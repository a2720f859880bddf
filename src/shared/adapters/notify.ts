// react-hot-toast loads on first use: nothing before first paint needs it.
const toasts = () => import("react-hot-toast").then((module) => module.default);

export function notifyError(message: string, id?: string): void {
  void toasts().then((toast) => toast.error(message, id ? { id } : undefined));
}

export function notifySuccess(message: string, id?: string): void {
  void toasts().then((toast) => toast.success(message, id ? { id } : undefined));
}
