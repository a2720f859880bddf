// The newsletter by double opt-in: a sign-up e-mails a confirmation link (or, to an address already
// subscribed, a note saying so), the link makes the subscription active, and every newsletter mail
// carries a one-click unsubscribe link. Answers are the same for every address (no enumeration);
// what differs goes to the mailbox, which only its owner reads.
import { and, count, desc, eq, gt, ne } from "drizzle-orm";
import type { Locale, SubscriptionState } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { ContactDeps } from "./deps.ts";
import { NEWSLETTER } from "./limits.ts";
import { newsletterMailer, type NewsletterMailKind } from "./newsletter-mail.ts";
import { newsletterMails, newsletterSubscribers, newsletterTokens, type SubscriberRow } from "./schema.ts";
import { addressHash, lockKey, maskedEmail, newToken, sha256 } from "./secrets.ts";

export type SubscribeOutcome = { ok: true } | { limited: number };
export type LinkOutcome = { state: SubscriptionState } | { refused: "linkInvalid" | "linkExpired" };

/** A link's token for this subscriber, stored hashed; answered once, to put in the mail. */
export async function token(tx: Db, subscriberId: string, purpose: "confirm" | "unsubscribe", at: Date): Promise<string> {
  const value = newToken();
  const ttl = purpose === "confirm" ? NEWSLETTER.confirmTtlMs : NEWSLETTER.unsubscribeTtlMs;
  await tx.insert(newsletterTokens).values({ tokenHash: sha256(value), subscriberId, purpose, expiresAt: new Date(at.getTime() + ttl), createdAt: at });
  return value;
}

export function newsletterService(deps: ContactDeps) {
  const { db, logger, now } = deps;
  const mails = newsletterMailer(deps);

  /** The row for this e-mail, made pending when new or unsubscribed; the language follows the latest sign-up. */
  async function pendingOrActive(tx: Db, email: string, locale: Locale, at: Date): Promise<SubscriberRow> {
    const [found] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    if (!found) {
      const [row] = await tx.insert(newsletterSubscribers).values({ email, locale, status: "pending", createdAt: at }).returning();
      return row!;
    }
    // An active subscription is left as it is: a stranger's sign-up changes nothing of it, not even its language.
    if (found.status === "active") return found;
    const [row] = await tx.update(newsletterSubscribers).set({ status: "pending", locale }).where(eq(newsletterSubscribers.id, found.id)).returning();
    return row!;
  }

  async function addressWait(tx: Db, hashed: string, at: Date): Promise<number> {
    const recent = await tx
      .select({ createdAt: newsletterMails.createdAt })
      .from(newsletterMails)
      .where(and(eq(newsletterMails.addressHash, hashed), gt(newsletterMails.createdAt, new Date(at.getTime() - NEWSLETTER.windowMs))))
      .orderBy(desc(newsletterMails.createdAt))
      .limit(NEWSLETTER.perAddressPerWindow);
    const nth = recent[NEWSLETTER.perAddressPerWindow - 1];
    return nth ? Math.max(1, nth.createdAt.getTime() + NEWSLETTER.windowMs - at.getTime()) : 0;
  }

  /** Whether this address got a newsletter mail too recently, or too many today: then nothing is sent. */
  async function mailboxQuiet(tx: Db, subscriberId: string, at: Date): Promise<boolean> {
    const mine = eq(newsletterMails.subscriberId, subscriberId);
    const [last] = await tx
      .select({ createdAt: newsletterMails.createdAt })
      .from(newsletterMails)
      .where(mine)
      .orderBy(desc(newsletterMails.createdAt))
      .limit(1);
    if (last && at.getTime() - last.createdAt.getTime() < NEWSLETTER.resendGapMs) return true;
    const [today] = await tx
      .select({ n: count() })
      .from(newsletterMails)
      .where(and(mine, gt(newsletterMails.createdAt, new Date(at.getTime() - 86_400_000))));
    return (today?.n ?? 0) >= NEWSLETTER.perEmailPerDay;
  }

  return {
    async subscribe(email: string, locale: Locale, address: string, origin: string): Promise<SubscribeOutcome> {
      const hashed = addressHash(address);
      type Plan = { limited: number } | { quiet: true } | { send: { row: SubscriberRow; kind: NewsletterMailKind; link: string } };
      const planned = await db.transaction(async (tx): Promise<Plan> => {
        await lockKey(tx, `newsletter:address:${hashed}`);
        await lockKey(tx, `newsletter:email:${email}`);
        const at = now();
        const wait = await addressWait(tx, hashed, at);
        if (wait > 0) return { limited: wait };
        const row = await pendingOrActive(tx, email, locale, at);
        if (await mailboxQuiet(tx, row.id, at)) return { quiet: true };
        const kind: NewsletterMailKind = row.status === "active" ? "newsletterAlready" : "newsletterConfirm";
        await tx.insert(newsletterMails).values({ subscriberId: row.id, kind, addressHash: hashed, createdAt: at });
        const link = await token(tx, row.id, kind === "newsletterConfirm" ? "confirm" : "unsubscribe", at);
        return { send: { row, kind, link } };
      });
      if ("limited" in planned) return planned;
      logger.info("newsletter.subscribe", { email: maskedEmail(email), mail: "send" in planned ? planned.send.kind : "none" });
      if ("send" in planned) await mails.send(planned.send.row, planned.send.kind, planned.send.link, origin);
      return { ok: true };
    },

    async confirm(value: string, origin: string): Promise<LinkOutcome> {
      const outcome = await db.transaction(async (tx): Promise<LinkOutcome & { welcome?: { row: SubscriberRow; link: string } }> => {
        const [link] = await tx
          .select()
          .from(newsletterTokens)
          .where(and(eq(newsletterTokens.tokenHash, sha256(value)), eq(newsletterTokens.purpose, "confirm")));
        if (!link) return { refused: "linkInvalid" };
        const at = now();
        const [current] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, link.subscriberId)).for("update");
        if (current!.status === "active") return { state: "alreadyConfirmed" };
        // Expired, or used before an unsubscribe: an old link never subscribes anyone again.
        if (link.expiresAt <= at || link.usedAt || (current!.unsubscribedAt && link.createdAt < current!.unsubscribedAt)) return { refused: "linkExpired" };
        const [row] = await tx
          .update(newsletterSubscribers)
          .set({ status: "active", confirmedAt: at })
          .where(and(eq(newsletterSubscribers.id, link.subscriberId), ne(newsletterSubscribers.status, "active")))
          .returning();
        await tx.update(newsletterTokens).set({ usedAt: at }).where(eq(newsletterTokens.tokenHash, link.tokenHash));
        await tx.insert(newsletterMails).values({ subscriberId: row!.id, kind: "newsletterWelcome", addressHash: null, createdAt: at });
        return { state: "confirmed", welcome: { row: row!, link: await token(tx, row!.id, "unsubscribe", at) } };
      });
      if (outcome.welcome) await mails.send(outcome.welcome.row, "newsletterWelcome", outcome.welcome.link, origin);
      if ("state" in outcome) logger.info("newsletter.confirm", { state: outcome.state });
      return "state" in outcome ? { state: outcome.state } : outcome;
    },

    async unsubscribe(value: string): Promise<LinkOutcome> {
      return db.transaction(async (tx): Promise<LinkOutcome> => {
        const [link] = await tx
          .select()
          .from(newsletterTokens)
          .where(and(eq(newsletterTokens.tokenHash, sha256(value)), eq(newsletterTokens.purpose, "unsubscribe")));
        const at = now();
        if (!link || link.expiresAt <= at) return { refused: "linkInvalid" };
        const changed = await tx
          .update(newsletterSubscribers)
          .set({ status: "unsubscribed", unsubscribedAt: at })
          .where(and(eq(newsletterSubscribers.id, link.subscriberId), ne(newsletterSubscribers.status, "unsubscribed")))
          .returning({ id: newsletterSubscribers.id });
        if (!link.usedAt) await tx.update(newsletterTokens).set({ usedAt: at }).where(eq(newsletterTokens.tokenHash, link.tokenHash));
        logger.info("newsletter.unsubscribe", { changed: changed.length === 1 });
        return { state: changed.length === 1 ? "unsubscribed" : "alreadyUnsubscribed" };
      });
    },
  };
}

export type Newsletter = ReturnType<typeof newsletterService>;
