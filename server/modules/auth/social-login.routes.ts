import { eq } from "drizzle-orm";
import { signIn } from "./sign-in.ts";
import { users } from "./schema.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { AuthDeps } from "./deps.ts";
import { consumeLoginCode } from "./social/login-codes.ts";

/** Turns a finished social sign-in into a session, answering exactly like /user/login. */
export function socialLoginHandlers(s: AuthDeps) {
  const db = s.database.db;
  return handlers({
    socialLogin: {
      success: "success.signedIn",
      handle: async (_c, { code }) => {
        // Using up the code and starting the session are one transaction. A dead code is still
        // deleted (that commits); it just signs no one in.
        const signedIn = await db.transaction(async (tx) => {
          const userId = await consumeLoginCode(tx, code, s.now());
          if (!userId) return null;
          const [user] = await tx.select().from(users).where(eq(users.id, userId));
          return user ? signIn(s, user, tx) : null;
        });
        if (!signedIn) throw refuse("socialLogin", "socialCodeInvalid");
        return signedIn;
      },
    },
  });
}
