import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "../../../contract/index.ts";
import { fieldErrorText } from "./fieldErrors.ts";

interface Schema<T> {
  safeParse(value: unknown): z.ZodSafeParseResult<T>;
}

/**
 * A form checked with the contract's schema before anything is sent: problems show next to
 * their fields (and refresh as the user types once a submit was tried); the first one gets focus.
 */
export function useForm<T, K extends string>(schema: Schema<T>, initial: Record<K, string>, serverFields: Record<string, string> = {}) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const validate = (next: Record<K, string>) => {
    const result = schema.safeParse(next);
    return result.success ? { data: result.data, errors: {} } : { data: null, errors: fieldErrorsOf(result.error) };
  };

  const errorOf = (name: K): string | undefined => {
    const key = errors[name];
    return key ? fieldErrorText(i18n, key) : serverFields[name];
  };

  return {
    values,
    formRef,
    errorOf,
    set: (name: K, value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (tried) setErrors(validate(next).errors);
    },
    bind: (name: K) => ({
      name,
      value: values[name],
      error: errorOf(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = { ...values, [name]: event.target.value };
        setValues(next);
        if (tried) setErrors(validate(next).errors);
      },
    }),
    reset: (next: Record<K, string> = initial) => {
      setValues(next);
      setErrors({});
      setTried(false);
    },
    onSubmit: (send: (data: T) => void) => (event: FormEvent) => {
      event.preventDefault();
      setTried(true);
      const result = validate(values);
      setErrors(result.errors);
      if (result.data !== null) return send(result.data);
      const first = Object.keys(result.errors)[0];
      const field = first ? formRef.current?.elements.namedItem(first) : null;
      if (field instanceof HTMLElement) field.focus();
    },
  };
}
