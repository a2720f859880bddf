import { createMiddleware } from "hono/factory";
import { noFieldErrors, type FieldErrorKey, type FieldErrors } from "../../../contract/index.ts";
import { ApiError } from "./envelope.ts";
import type { AppEnv } from "./types.ts";
import { refusal } from "./refuse.ts";
import { validationData } from "./validate.ts";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * The fields that may hold several lines, by request path: in their strings (and in strings
 * nested under them) tab and line feed are allowed. Every other string of every body, and every
 * key, refuses all control characters. A feature that adds one lists it here.
 */
export const MULTILINE_FIELDS: Readonly<Record<string, readonly string[]>> = { "/api/v1/contactus/add": ["message"] };

const NO_FIELDS: ReadonlySet<string> = new Set();
const multilineFieldsOf = (path: string): ReadonlySet<string> => (Object.hasOwn(MULTILINE_FIELDS, path) ? new Set(MULTILINE_FIELDS[path]) : NO_FIELDS);

/**
 * What is wrong with one string, if anything: a control character — C0 (U+0000–U+001F), DEL
 * (U+007F) or C1 (U+0080–U+009F), with tab and line feed allowed when `lines` — or a lone UTF-16
 * surrogate (a `\ud800` escape), which the database would silently turn into U+FFFD.
 */
export function textProblem(text: string, lines = false): FieldErrorKey | undefined {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20) {
      if (lines && (unit === 0x09 || unit === 0x0a)) continue;
      return "field.controlCharacters";
    }
    if (unit >= 0x7f && unit <= 0x9f) return "field.controlCharacters";
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return "field.invalid";
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return "field.invalid";
  }
  return undefined;
}

/** The first problem among the strings and keys of a parsed JSON value; iterative, so deep nesting cannot overflow the stack. */
function valueProblem(value: unknown, lines: boolean): FieldErrorKey | undefined {
  const pending: unknown[] = [value];
  let problem: FieldErrorKey | undefined;
  while (pending.length > 0 && !problem) {
    const next = pending.pop();
    if (typeof next === "string") problem = textProblem(next, lines);
    else if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (next !== null && typeof next === "object") {
      for (const [key, inner] of Object.entries(next)) {
        problem ??= textProblem(key);
        pending.push(inner);
      }
    }
  }
  return problem;
}

/**
 * Per top-level field of a body, the first problem with its text (see textProblem), keys
 * included: a bad key names itself. A body that is not an object reports under `_`.
 */
export function bodyTextProblems(body: unknown, multiline: ReadonlySet<string> = NO_FIELDS): FieldErrors {
  const fields = noFieldErrors();
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    const problem = valueProblem(body, false);
    if (problem) fields._ = problem;
    return fields;
  }
  for (const [field, value] of Object.entries(body)) {
    const problem = textProblem(field) ?? valueProblem(value, multiline.has(field));
    if (problem) fields[field] = problem;
  }
  return fields;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as text, or undefined when it is not valid UTF-8 (stray bytes, overlong forms, surrogates). */
function decodeUtf8(bytes: ArrayBuffer): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Reads the body of every POST/PUT/PATCH to the API once, up front: a non-empty body must be
 * JSON (415 otherwise), valid UTF-8 and parse (400 otherwise), and its texts must hold no
 * control characters (400 error.validation naming each field, before any handler runs — so
 * every endpoint is covered, including those that parse c.var.body themselves). An empty body
 * counts as `{}`, because calls such as logout and health are sent without one.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (!["POST", "PUT", "PATCH"].includes(c.req.method)) return next();
  const text = decodeUtf8(await c.req.arrayBuffer());
  if (text !== undefined && text.trim() === "") {
    c.set("body", {});
    return next();
  }
  if (!JSON_TYPE.test(c.req.header("Content-Type") ?? "")) throw new ApiError(415, "error.unsupportedMediaType");
  if (text === undefined) throw new ApiError(400, "error.invalidUtf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "error.malformedJson");
  }
  const problems = bodyTextProblems(body, multilineFieldsOf(c.req.path));
  if (Object.keys(problems).length > 0) throw refusal("validation", validationData(c.var.locale, problems));
  c.set("body", body);
  return next();
});
