// The push-token call: the subscription the SPA keeps (spec section 3), registered with the server.
import { z } from "zod";

export const PUSH_LIMITS = { token: 4096, endpoint: 2048, key: 256, swScope: 512, vapidKey: 256 } as const;

// Missing → "field.required"; not a string where text is expected → "field.notText"; a string in
// the wrong form → "field.invalid" (the field keys the contract knows).
const problem = (issue: { input?: unknown }) =>
  issue.input === undefined ? "field.required" : typeof issue.input === "string" ? "field.invalid" : "field.notText";
// A number field: missing → "field.required", anything else wrong → "field.invalid".
const numberProblem = (issue: { input?: unknown }) => (issue.input === undefined ? "field.required" : "field.invalid");
const base64url = (max: number) =>
  z
    .string({ error: problem })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: "field.invalid" })
    .max(max, { error: "field.invalid" });
// The end of year 9999 (UTC): past it a date has a six-digit year, which timestamp columns
// refuse (the property test found 8.64e15, Date's own maximum, answering 500).
export const MAX_EPOCH_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * The push subscription the SPA keeps (spec section 3): its token and when it was made, the Web
 * Push details when the browser gave them, and the service-worker scope and VAPID key it was
 * made with (a change of either means a new token).
 */
export const pushTokenSchema = z.strictObject({
  token: z.string({ error: problem }).min(1, { error: "field.required" }).max(PUSH_LIMITS.token, { error: "field.invalid" }),
  createdAt: z
    .number({ error: numberProblem })
    .int({ error: "field.invalid" })
    .min(0, { error: "field.invalid" })
    .max(MAX_EPOCH_MS, { error: "field.invalid" }),
  endpoint: z
    .url({ protocol: /^https$/, error: problem })
    .max(PUSH_LIMITS.endpoint, { error: "field.invalid" })
    .optional(),
  auth: base64url(PUSH_LIMITS.key).optional(),
  p256dh: base64url(PUSH_LIMITS.key).optional(),
  swScope: z.string({ error: problem }).min(1, { error: "field.required" }).max(PUSH_LIMITS.swScope, { error: "field.invalid" }),
  vapidKey: base64url(PUSH_LIMITS.vapidKey),
});
export type PushTokenBody = z.input<typeof pushTokenSchema>;
