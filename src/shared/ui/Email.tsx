import type { ReactNode } from "react";

/**
 * An e-mail address inside a sentence: left to right in Arabic too, and kept on one line (an
 * address broken at its hyphen reads as two). styles.css `.email` says how. The children are the
 * address, or a mailto link showing it.
 */
export function Email({ children }: { children: ReactNode }) {
  return (
    <bdi dir="ltr" className="email">
      {children}
    </bdi>
  );
}
