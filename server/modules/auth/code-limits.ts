import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import { emailCodes } from "./schema.ts";
import { CODES } from "./limits.ts";
import { waitForWindow } from "./rate-limited.ts";

export interface CodeRequest {
  email: string;
  address: string;
  now: Date;
}

/**
 * Milliseconds until one more code may go to this e-mail from this address (0: now), by the
 * limits documented on CODES. Read inside lockCodeKeys (e-mail and address) so that concurrent
 * requests are counted exactly.
 */
export async function waitBeforeNextCode(db: Db, { email, address, now }: CodeRequest): Promise<number> {
  const since = new Date(now.getTime() - CODES.windowMs);
  const inWindow = gt(emailCodes.createdAt, since);
  const [forEmail, fromClient, fromAddress] = await Promise.all([
    db
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), inWindow))
      .orderBy(desc(emailCodes.createdAt))
      .limit(CODES.perEmailPerWindow),
    db
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.address, address), inWindow))
      .orderBy(desc(emailCodes.createdAt))
      .limit(CODES.perClientPerWindow),
    db
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.address, address), inWindow))
      .orderBy(desc(emailCodes.createdAt))
      .offset(CODES.perAddressPerWindow - 1)
      .limit(1),
  ]);
  const newest = forEmail[0]?.createdAt;
  const client = Math.max(
    waitForWindow(fromClient[0]?.createdAt, CODES.resendAfterMs, now),
    waitForWindow(fromClient[CODES.perClientPerWindow - 1]?.createdAt, CODES.windowMs, now),
    waitForWindow(fromAddress[0]?.createdAt, CODES.windowMs, now),
    waitForWindow(newest, CODES.perEmailGapMs, now),
  );
  const ceilingFreesIn = waitForWindow(forEmail[CODES.perEmailPerWindow - 1]?.createdAt, CODES.windowMs, now);
  if (ceilingFreesIn === 0) return client;
  // Past the ceiling: a client new to this e-mail gets a place once a minute; the others wait for the window.
  const newClientTurn = fromClient.length === 0 ? waitForWindow(newest, CODES.newClientGapMs, now) : ceilingFreesIn;
  return Math.max(client, Math.min(ceilingFreesIn, newClientTurn));
}
