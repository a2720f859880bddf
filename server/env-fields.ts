// The kinds of value a setting takes (env-schema.ts), each failing with a message that says what to write.
import { createPrivateKey } from "node:crypto";
import { z } from "zod";
import { TAWK_KEY_PATTERN } from "../contract/siteFacts.ts";

export const integer = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `must be one of: ${values.join(", ")}` }).default(fallback);

export const secret = (what: string) =>
  z
    .string()
    .regex(/^\S{8,}$/, { error: `must be ${what} (8 or more characters, no spaces)` })
    .optional();
export const appleId = (what: string) =>
  z
    .string()
    .regex(/^[A-Z0-9]{10}$/, { error: `must be the 10-character ${what}` })
    .optional();

export function isEcPrivateKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1";
  } catch {
    return false;
  }
}

/** A Tawk.to widget as its embed address names it (contract/siteFacts.ts). */
export const tawkKey = z
  .string()
  .regex(TAWK_KEY_PATTERN, { error: "must be propertyId/widgetId from the Tawk.to embed code, e.g. 64f1c0ffee0123456789abcd/1h9abcdef" });
