import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { signIn } from "./sign-in.ts";
import { users } from "../../platform/db/schema.ts";
import { ApiError, success } from "../../platform/http/envelope.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { Services } from "../../services.ts";
import { validateBody } from "../../platform/http/validate.ts";
import { consumeLoginCode, LOGIN_CODE_PATTERN } from "./social/login-codes.ts";

/** The body of /user/social-login: the one-time code from the popup's result page. */
export const socialLoginSchema = z.strictObject({
  code: z.string({ error: (issue) => (issue.input === undefined ? "field.required" : "field.invalid") }).regex(LOGIN_CODE_PATTERN, { error: "field.invalid" }),
});

const codeInvalid = () => new ApiError(400, "error.socialCodeInvalid", { reason: "socialCodeInvalid" });

/** Turns a finished social sign-in into a session, answering exactly like /user/login. */
export function socialLoginRoutes(s: Services) {
  const db = s.database.db;
  return new Hono<AppEnv>().post("/user/social-login", async (c) => {
    const { code } = validateBody(c, socialLoginSchema);
    // Using up the code and starting the session are one transaction. A dead code is still
    // deleted (that commits); it just signs no one in.
    const signedIn = await db.transaction(async (tx) => {
      const userId = await consumeLoginCode(tx, code, s.now());
      if (!userId) return null;
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      return user ? signIn(s, user, tx) : null;
    });
    if (!signedIn) throw codeInvalid();
    return success(c, "success.signedIn", signedIn);
  });
}
