import { lazy, Suspense } from "react";
import type { Toast } from "react-hot-toast";
import { splitIsolates } from "../shared/i18n/bidi.ts";
import { Email } from "../shared/ui/Email.tsx";

/** A toast's text with each isolated address (src/shared/i18n/bidi.ts) shown as an <Email>. */
function withAddresses(message: Toast["message"]): Toast["message"] {
  if (typeof message !== "string") return message;
  const parts = splitIsolates(message);
  if (!parts.some((part) => part.ltr)) return message;
  // One element: react-hot-toast lays the message out as a flex row, which would make each part a column.
  return <span>{parts.map((part, index) => (part.ltr ? <Email key={index}>{part.text}</Email> : part.text))}</span>;
}

// Loaded after first paint; toasts raised earlier queue in react-hot-toast's store until it mounts.
const Toaster = lazy(() =>
  import("react-hot-toast").then(({ Toaster, ToastBar }) => ({
    default: () => (
      <Toaster position="top-center" toastOptions={{ className: "toast" }}>
        {(toast) => <ToastBar toast={{ ...toast, message: withAddresses(toast.message) }} />}
      </Toaster>
    ),
  })),
);

/** Toasts at top-centre (spec section 2). */
export function Toasts() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
