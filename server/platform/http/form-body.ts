// The body of a route the contract marks `body: "multipart"` (an upload): read as
// multipart/form-data only after the session guard (a stranger's upload is never parsed), into
// c.var.body as field → text or File, the first value of each field. Its size was already bounded
// by the upload limit in server/app.ts; its texts are judged like a JSON body's.
import { createMiddleware } from "hono/factory";
import { ApiError } from "./envelope.ts";
import { bodyTextProblems } from "./json-body.ts";
import { refusal } from "./refuse.ts";
import type { AppEnv } from "./types.ts";
import { validationData } from "./validate.ts";

const MULTIPART_TYPE = /^multipart\/form-data\s*;\s*boundary=/i;

/** Room for a form's boundaries, headers and small fields on top of the file itself. */
export const FORM_OVERHEAD_BYTES = 16 * 1024;

export const formBody = createMiddleware<AppEnv>(async (c, next) => {
  if (!MULTIPART_TYPE.test(c.req.header("Content-Type") ?? "")) throw new ApiError(415, "error.multipartExpected");
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw refusal(400);
  }
  const body: Record<string, unknown> = {};
  const texts: Record<string, string> = {};
  for (const [field, value] of form.entries()) {
    if (Object.hasOwn(body, field)) continue;
    body[field] = value;
    if (typeof value === "string") texts[field] = value;
  }
  const problems = bodyTextProblems(texts);
  if (Object.keys(problems).length > 0) throw refusal("validation", validationData(c.var.locale, problems));
  c.set("body", body);
  await next();
});
