import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { paths } from "../lib/paths.ts";

export function Brand({ href = paths.home }: { href?: string }) {
  const { t } = useLingui();
  return (
    <Link href={href} className="brand">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="var(--accent)" />
        <path
          d="M10 19c1.5 2 3.6 3 6 3 3.3 0 5.5-1.7 5.5-4.2 0-5.3-10.6-2.9-10.6-8 0-2.3 2.1-3.8 5-3.8 2.2 0 4 .8 5.2 2.4M16 3.5v25"
          stroke="var(--accent-ink)"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span>{t`Sarraf`}</span>
    </Link>
  );
}
