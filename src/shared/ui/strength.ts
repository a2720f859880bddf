import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { z } from "zod";
import { fieldErrorsOf, type FieldErrorKey } from "../../../contract/index.ts";
import type { PasswordStrength, PasswordStrengthJudge } from "../../../contract/passwordStrength.ts";
import { loadedStrengthJudge, loadStrengthJudge } from "../lib/strength.ts";

interface Schema<T> {
  safeParse(value: unknown): z.ZodSafeParseResult<T>;
}

/** The server's strength judge, loaded when the first form that needs it opens; undefined until then. */
export function useStrengthJudge(): PasswordStrengthJudge | undefined {
  const [judge, setJudge] = useState(loadedStrengthJudge);
  useEffect(() => {
    if (judge) return;
    let open = true;
    // Should the chunks fail to load, the form simply sends, and the server judges.
    loadStrengthJudge().then(
      (loaded) => open && setJudge(() => loaded),
      () => {},
    );
    return () => {
      open = false;
    };
  }, [judge]);
  return judge;
}

/**
 * The strength of the password being typed, given the user's name and e-mail; undefined while
 * the field is empty or the judge is loading. Judged a keystroke behind on a busy device.
 */
export function usePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrength | undefined {
  const judge = useStrengthJudge();
  const typed = useDeferredValue(password);
  const inputs = userInputs.join("\n");
  return useMemo(() => (judge && typed ? judge(typed, inputs.split("\n")) : undefined), [judge, typed, inputs]);
}

/**
 * A form's schema that also refuses what the server would: a new password in `field` that the
 * schema accepted but the judge finds weak gets "password.weak", before anything is sent. Without
 * a judge (not loaded yet, or failed to load) the schema alone decides and the server judges strength.
 */
export function withStrengthCheck<T>(
  schema: Schema<T>,
  field: string,
  judge: PasswordStrengthJudge | undefined,
  userInputs: (values: Record<string, string>) => readonly string[],
): Schema<T> {
  return {
    safeParse(value) {
      const result = schema.safeParse(value);
      const values = value as Record<string, string>;
      const password = values[field];
      if (!judge || typeof password !== "string") return result;
      if (!result.success && fieldErrorsOf(result.error)[field] !== undefined) return result;
      if (judge(password, userInputs(values)).strong) return result;
      const weak: z.core.$ZodIssue = { code: "custom", path: [field], message: "password.weak" satisfies FieldErrorKey, input: password };
      return { success: false, error: new z.ZodError([...(result.success ? [] : result.error.issues), weak]) as z.ZodError<T> };
    },
  };
}

/** withStrengthCheck with the judge once it has loaded: hand the result to useForm. */
export function useStrongPasswordSchema<T>(schema: Schema<T>, field: string, userInputs: (values: Record<string, string>) => readonly string[]): Schema<T> {
  return withStrengthCheck(schema, field, useStrengthJudge(), userInputs);
}
