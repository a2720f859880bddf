// Sending an issue to every confirmed subscriber (status active), each in their language, each mail
// with its own unsubscribe link. Record, then send: a delivery row (issue, subscriber; its key makes
// it unique) is committed as `sending` before the mail is handed to the port, then marked `sent`, or
// `failed` when the port refuses it. So a re-run, a concurrent run or a run after a kill -9 never
// mails anyone twice: whoever holds the row sends. A refused mail is retried by the next run. What
// a crash can leave is a row still `sending` (the process died between claiming and knowing): that
// mail may have gone, so it is left alone and counted apart, never sent again — a missed issue is
// better than a second copy (send-then-record would resend it after every such crash). Only an
// operator who has checked the mail server's log may send those again (--resend-unclear).
import { and, asc, count, eq, gt, lte, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Locale } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import { errorFields, type Logger } from "../../platform/logging/logger.ts";
import type { Mailer } from "../../platform/mail/index.ts";
import { editionFor, type Issue } from "./issues.ts";
import { issueMessage } from "./newsletter-mail.ts";
import { token } from "./newsletter.ts";
import { newsletterDeliveries, newsletterMails, newsletterSubscribers, type DeliveryStatus } from "./schema.ts";

export interface IssueSenderDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
  /** The port's transport itself (not the hand-off): resolves once the message is accepted, rejects when it is not. */
  mailer: Mailer;
  /** Where the links in the mail point (PUBLIC_URL). */
  origin: string;
  /** At most this many mails a minute, evenly spaced (NEWSLETTER_SENDS_PER_MINUTE). */
  sendsPerMinute: number;
  /** Waits this long (the command: a timer; tests: a recorded fake). */
  pause: (ms: number) => Promise<void>;
  /** A monotonic clock in milliseconds, for the spacing. */
  clock: () => number;
  batchSize?: number;
}

export interface SendReport {
  sent: number;
  failed: number;
}

export type DeliveryCounts = Record<DeliveryStatus, number>;

/** A delivery still `sending` this long after its claim was left by a run that stopped (a live one answers in seconds). */
export const UNCLEAR_AFTER_MS = 10 * 60_000;

const d = newsletterDeliveries;
const s = newsletterSubscribers;

export function issueSender({ db, logger, now, mailer, origin, sendsPerMinute, pause, clock, batchSize = 200 }: IssueSenderDeps) {
  const spacingMs = 60_000 / sendsPerMinute;

  /** Which deliveries may be taken: failed ones; and with `resendUnclear`, those a stopped run left `sending`. */
  const retryable = (resendUnclear: boolean): SQL =>
    resendUnclear
      ? or(eq(d.status, "failed"), and(eq(d.status, "sending"), lte(d.claimedAt, new Date(now().getTime() - UNCLEAR_AFTER_MS))))!
      : eq(d.status, "failed");
  const kept = (resendUnclear: boolean): SQL =>
    resendUnclear
      ? or(eq(d.status, "sent"), and(eq(d.status, "sending"), gt(d.claimedAt, new Date(now().getTime() - UNCLEAR_AFTER_MS))))!
      : sql`${d.status} <> 'failed'`;

  /** Active subscribers after `after` (by id) that this issue has not been sent to, nor is being sent to. */
  const due = (slug: string, after: string | null, resendUnclear: boolean) =>
    db
      .select({ id: s.id })
      .from(s)
      .where(
        and(
          eq(s.status, "active"),
          after ? gt(s.id, after) : undefined,
          notExists(
            db
              .select({ one: sql`1` })
              .from(d)
              .where(and(eq(d.issueSlug, slug), eq(d.subscriberId, s.id), kept(resendUnclear))),
          ),
        ),
      )
      .orderBy(asc(s.id))
      .limit(batchSize);

  /** Takes the subscriber's delivery (new, or failed before) if they are still active and no one else holds it; with the mail's link. */
  const claim = (slug: string, issue: Issue, subscriberId: string, resendUnclear: boolean) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ email: s.email, locale: s.locale })
        .from(s)
        .where(and(eq(s.id, subscriberId), eq(s.status, "active")))
        .for("update");
      if (!row) return null;
      const edition = editionFor(issue, row.locale);
      const at = now();
      const [held] = await tx
        .insert(d)
        .values({ issueSlug: slug, subscriberId, status: "sending", locale: edition.locale, attempts: 1, claimedAt: at })
        .onConflictDoUpdate({
          target: [d.issueSlug, d.subscriberId],
          set: { status: "sending", locale: edition.locale, attempts: sql`${d.attempts} + 1`, claimedAt: at },
          setWhere: retryable(resendUnclear),
        })
        .returning({ attempts: d.attempts });
      if (!held) return null;
      // Counted by the sign-up limits like every newsletter mail (a confirmation does not follow an issue within minutes).
      await tx.insert(newsletterMails).values({ subscriberId, kind: "newsletterIssue", addressHash: null, createdAt: at });
      return { message: issueMessage(row.email, edition, await token(tx, subscriberId, "unsubscribe", at), origin) };
    });

  const mark = (slug: string, subscriberId: string, status: "sent" | "failed") =>
    db
      .update(d)
      .set({ status, sentAt: status === "sent" ? now() : null })
      .where(and(eq(d.issueSlug, slug), eq(d.subscriberId, subscriberId), eq(d.status, "sending")));

  return {
    /** Sends `issue` to every active subscriber it has not reached yet; answers what this run did. */
    async send(issue: Issue, { resendUnclear = false } = {}): Promise<SendReport> {
      const report: SendReport = { sent: 0, failed: 0 };
      let last = -Infinity;
      let after: string | null = null;
      for (;;) {
        const batch = await due(issue.slug, after, resendUnclear);
        if (batch.length === 0) break;
        for (const { id } of batch) {
          after = id;
          const wait = last + spacingMs - clock();
          if (wait > 0) await pause(wait);
          const claimed = await claim(issue.slug, issue, id, resendUnclear);
          if (!claimed) continue;
          last = clock();
          try {
            await mailer.send(claimed.message);
          } catch (error) {
            report.failed += 1;
            logger.error("newsletter.issue.failed", { issue: issue.slug, subscriber: id, ...errorFields(error) });
            await mark(issue.slug, id, "failed");
            continue;
          }
          report.sent += 1;
          await mark(issue.slug, id, "sent");
        }
      }
      logger.info("newsletter.issue.sent", { issue: issue.slug, ...report });
      return report;
    },

    /** How many deliveries each issue has, by status. */
    async counts(): Promise<Map<string, DeliveryCounts>> {
      const rows = await db.select({ slug: d.issueSlug, status: d.status, n: count() }).from(d).groupBy(d.issueSlug, d.status);
      const counts = new Map<string, DeliveryCounts>();
      for (const { slug, status, n } of rows) counts.set(slug, { ...(counts.get(slug) ?? { sending: 0, sent: 0, failed: 0 }), [status]: n });
      return counts;
    },

    /** The confirmed subscribers, by language: who a send would reach. */
    async audience(): Promise<Record<Locale, number>> {
      const rows = await db.select({ locale: s.locale, n: count() }).from(s).where(eq(s.status, "active")).groupBy(s.locale);
      return { en: 0, ar: 0, ...Object.fromEntries(rows.map((row) => [row.locale, row.n])) };
    },
  };
}

export type IssueSender = ReturnType<typeof issueSender>;
