// A failed parse's issues as the field → key map both sides show. Zod is only a type here, so a
// page can turn issues into errors without loading the schemas before it needs them.
import type { z } from "zod";
import { fieldErrorKeys, type FieldErrorKey } from "./vocabulary.ts";

/** Field name → the first problem's key; `_` for problems of the body as a whole. */
export type FieldErrors = Partial<Record<string, FieldErrorKey>>;

/**
 * An empty FieldErrors without a prototype: a field named like an Object.prototype member
 * (`constructor`, `toString`, `__proto__`) is an ordinary key in it, never an inherited one.
 */
export function noFieldErrors(): FieldErrors {
  return Object.create(null) as FieldErrors;
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields = noFieldErrors();
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) fields[key] ??= "field.unknown";
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : "_";
    const key = (fieldErrorKeys as readonly string[]).includes(issue.message) ? (issue.message as FieldErrorKey) : "field.invalid";
    fields[field] ??= key;
  }
  return fields;
}
