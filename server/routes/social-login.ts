import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { signIn } from "../auth/sign-in.ts";
import { users } from "../db/schema.ts";
import { ApiError, success } from "../http/envelope.ts";
import type { AppEnv, Services } from "../http/types.ts";
import { validateBody } from "../http/validate.ts";
import { consumeLoginCode, LOGIN_CODE_PATTERN } from "../social/login-codes.ts";

/** The body of /user/social-login: the one-time code from the popup's result page. */
export const socialLoginSchema = z.strictObject({
  code: z.string({ error: "field.required" }).regex(LOGIN_CODE_PATTERN, { error: "field.invalid" }),
});

const codeInvalid = () => new ApiError(400, "error.socialCodeInvalid", { reason: "socialCodeInvalid" });

/** Turns a finished social sign-in into a session, answering exactly like /user/login. */
export function socialLoginRoutes(s: Services) {
  const db = s.database.db;
  return new Hono<AppEnv>().post("/user/social-login", async (c) => {
    const { code } = validateBody(c, socialLoginSchema);
    const userId = await consumeLoginCode(db, code, s.now());
    if (!userId) throw codeInvalid();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw codeInvalid();
    return success(c, "success.signedIn", await signIn(s, user));
  });
}
