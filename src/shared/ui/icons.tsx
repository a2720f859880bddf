import type { ReactElement } from "react";

const icon = (d: string, flipInRtl = false): ReactElement => (
  <svg
    className={flipInRtl ? "flip-rtl" : undefined}
    viewBox="0 0 24 24"
    width="22"
    height="22"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

export const icons = {
  dashboard: icon("M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z"),
  market: icon("M3 17l6-6 4 4 8-8M15 7h6v6"),
  buy: icon("M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v8M8 12h8"),
  exchange: icon("M7 7h13l-4-4M17 17H4l4 4"),
  portfolio: icon("M3 7h18v13H3zM8 7V4h8v3M3 12h18"),
  profile: icon("M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0"),
  kyc: icon("M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6zM9 12l2 2 4-4"),
  withdrawals: icon("M12 3v12M7 10l5 5 5-5M4 21h16"),
  history: icon("M3 12a9 9 0 1 0 3-6.7M3 4v4h4M12 7v5l3 3"),
  logout: icon("M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11", true),
  /** Beside every error (form alerts and field errors), so an error never reads as a hint. */
  error: icon("M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7.5v5.5M12 16.5v.01"),
};
