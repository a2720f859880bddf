import { openDatabase, type OpenDatabaseOptions } from "../../platform/db/open.ts";
import { publicProfile } from "./profile.ts";
import { createSession, createUser, type NewUser } from "./sessions.ts";

/**
 * For set-up code in another process (the e2e global setup) before the server starts: opens
 * the database, adds a user with a live session, and closes it again, releasing the lock.
 * Returns what the SPA stores as `authUser` after a login: the profile plus its `Token`.
 */
export async function seedSignedInUser(where: OpenDatabaseOptions, user: NewUser) {
  const database = await openDatabase(where);
  try {
    const created = await createUser(database.db, user);
    const { token } = await createSession(database.db, created.id);
    return { token, user: created, authUser: { ...publicProfile(created), Token: token } };
  } finally {
    await database.close();
  }
}
