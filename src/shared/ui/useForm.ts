import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import type { z } from "zod";
import { fieldErrorsOf, type FieldErrors } from "../../../contract/fieldIssues.ts";
import type { Failure } from "../../../machines/failure.ts";
import { fieldErrorText } from "./fieldErrors.ts";

interface Schema<T> {
  safeParse(value: unknown): z.ZodSafeParseResult<T>;
}

/**
 * A schema fetched when the form is first used (a field focused or touched, or the form sent),
 * for pages whose first paint should not wait for, or spend time evaluating, the contract's
 * schemas: `() => import("…/contract/auth.ts").then((m) => m.loginSchema)`.
 */
export type SchemaLoader<T> = () => Promise<Schema<T>>;

/** What the server said about the fields: their issue keys, and its own texts for any key it did not send. */
type ServerFields = Pick<Failure, "fields" | "fieldKeys"> | null | undefined;

/**
 * A form checked with the contract's schema before anything is sent: problems show next to
 * their fields (and refresh as the user types once a submit was tried); the first one gets focus.
 * The server's problems show in the language active now (from their keys) until the user edits
 * the form; a newer failure brings its own.
 */
export function useForm<T, K extends string>(schemaOrLoader: Schema<T> | SchemaLoader<T>, initial: Record<K, string>, server?: ServerFields) {
  const { i18n } = useLingui();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tried, setTried] = useState(false);
  // The server's answer the user has typed since: its problems are about values no longer there.
  const [editedSince, setEditedSince] = useState<object | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const current = server && server !== editedSince ? server : null;
  const schema = useSchema(schemaOrLoader, formRef);

  const validate = (next: Record<K, string>) => {
    const result = schema.current!.safeParse(next);
    return result.success ? { data: result.data, errors: {} } : { data: null, errors: fieldErrorsOf(result.error) };
  };

  const serverError = (name: K): string | undefined => {
    if (!current) return undefined;
    if (Object.hasOwn(current.fieldKeys, name)) return fieldErrorText(i18n, current.fieldKeys[name]!);
    return Object.hasOwn(current.fields, name) ? current.fields[name] : undefined;
  };

  const errorOf = (name: K): string | undefined => {
    const key = errors[name];
    return key ? fieldErrorText(i18n, key) : serverError(name);
  };

  const change = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (tried && schema.current) setErrors(validate(next).errors);
    if (server) setEditedSince(server);
  };

  return {
    values,
    formRef,
    errorOf,
    set: change,
    bind: (name: K) => ({
      name,
      value: values[name],
      error: errorOf(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
    }),
    reset: (next: Record<K, string> = initial) => {
      setValues(next);
      setErrors({});
      setTried(false);
    },
    onSubmit: (send: (data: T) => void) => (event: FormEvent) => {
      event.preventDefault();
      if (!schema.current) {
        // Sent before the schema arrived (autofill and Enter): checked as soon as it is here.
        schema.load().then(
          () => formRef.current?.requestSubmit(),
          () => undefined,
        );
        return;
      }
      setTried(true);
      const result = validate(values);
      setErrors(result.errors);
      if (result.data !== null) return send(result.data);
      // Focus goes to the first field in error in the page's order, not the schema's.
      const field = [...(formRef.current?.elements ?? [])].find((element) => "name" in element && Object.hasOwn(result.errors, String(element.name)));
      if (field instanceof HTMLElement) field.focus();
    },
  };
}

/**
 * The form's schema, at hand: given, or loaded on the form's first focus or touch (or on submit).
 * `current` is null until then.
 */
function useSchema<T>(schemaOrLoader: Schema<T> | SchemaLoader<T>, formRef: RefObject<HTMLFormElement | null>) {
  const loader = typeof schemaOrLoader === "function" ? schemaOrLoader : null;
  const ref = useRef<{ current: Schema<T> | null; pending: Promise<Schema<T>> | null }>({
    current: loader ? null : (schemaOrLoader as Schema<T>),
    pending: null,
  });
  if (!loader) ref.current.current = schemaOrLoader as Schema<T>;
  const load = () => {
    const state = ref.current;
    if (state.current) return Promise.resolve(state.current);
    // A failed fetch (the network dropped) is tried again on the next focus or submit.
    state.pending ??= loader!().then(
      (schema) => (state.current = schema),
      (error: unknown) => {
        state.pending = null;
        throw error;
      },
    );
    return state.pending;
  };
  useEffect(() => {
    const form = formRef.current;
    if (!loader || !form || ref.current.current) return;
    const start = () => void load().catch(() => undefined);
    form.addEventListener("focusin", start, { once: true });
    form.addEventListener("pointerdown", start, { once: true });
    return () => {
      form.removeEventListener("focusin", start);
      form.removeEventListener("pointerdown", start);
    };
  });
  return {
    get current() {
      return ref.current.current;
    },
    load,
  };
}
