import { lazy, Suspense } from "react";

// Loaded after first paint; toasts raised earlier queue in react-hot-toast's store until it mounts.
const Toaster = lazy(() => import("react-hot-toast").then((module) => ({ default: module.Toaster })));

/** Toasts at top-centre (spec section 2). */
export function Toasts() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" toastOptions={{ className: "toast" }} />
    </Suspense>
  );
}
