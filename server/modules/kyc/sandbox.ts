// The embedded sandbox reviewer: decides each submission KYC_SANDBOX_REVIEW_SECONDS after it
// arrives, by the last name on it (README "Identity verification"). The server's schedule runs
// its passes; tests move the clock and run a pass by hand.
import type { KycRejectReason } from "../../../contract/index.ts";
import type { KycProvider, Review } from "./provider.ts";

/** The rules, by last name (any case): what a tester types to get each outcome. Anything else is approved. */
export const SANDBOX_RULES: Readonly<Record<string, Omit<Review, "ref" | "at">>> = {
  retry: { outcome: "rejected", rejectType: "retry", reasons: ["documentUnreadable"], note: "Sandbox: the document photo is blurred. Take a new photo." },
  selfie: { outcome: "rejected", rejectType: "retry", reasons: ["selfieMismatch"], note: "Sandbox: the selfie does not match the document." },
  final: { outcome: "rejected", rejectType: "final", reasons: ["fraudSuspected"], note: null },
};

const APPROVED = { outcome: "approved", rejectType: null, reasons: [] as KycRejectReason[], note: null } as const;

export function sandboxDecision(lastName: string, ref: string, at: Date): Review {
  const rule = SANDBOX_RULES[lastName.trim().toLowerCase()] ?? APPROVED;
  return { ...rule, reasons: [...rule.reasons], ref, at };
}

/** The sandbox's port: a submission needs no network; its ref is the application's own id. */
export const sandboxProvider: KycProvider = {
  name: "sandbox",
  submit: async ({ applicationId }) => ({ ref: `sandbox-${applicationId}` }),
};
