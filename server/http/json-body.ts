import { createMiddleware } from "hono/factory";
import { ApiError } from "./envelope.ts";
import type { AppEnv } from "./types.ts";

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/**
 * Reads the body of every POST/PUT/PATCH to the API once, up front: a non-empty body must be
 * JSON (415 otherwise) and must parse (400 otherwise). An empty body counts as `{}`, because
 * calls such as logout and health are sent without one.
 */
export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  if (!["POST", "PUT", "PATCH"].includes(c.req.method)) return next();
  const text = await c.req.text();
  if (text.trim() === "") {
    c.set("body", {});
    return next();
  }
  if (!JSON_TYPE.test(c.req.header("Content-Type") ?? "")) throw new ApiError(415, "error.unsupportedMediaType");
  try {
    c.set("body", JSON.parse(text));
  } catch {
    throw new ApiError(400, "error.malformedJson");
  }
  return next();
});
