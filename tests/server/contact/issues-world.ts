// The newsletter issues' test world: issue files in a temporary content folder, subscribers in the
// real database, the `ops:newsletter` command itself run with a mail transport at the edge that
// records each message (and can fail, or hang as a killed process would), and a fake pacing clock.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Locale } from "../../../contract/index.ts";
import { newsletterCommand } from "../../../server/modules/contact/issue-command.ts";
import { newsletterDeliveries, newsletterSubscribers, type SubscriberStatus } from "../../../server/modules/contact/schema.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import type { Mailer, MailMessage } from "../../../server/platform/mail/index.ts";
import { uniqueEmail, type testClock } from "../helpers/auth.ts";
import { testTempDir } from "../helpers/temp-dir.ts";

export const ORIGIN = "https://sarraf.example";
export const PER_MINUTE = 120;

export async function issuesWorld(database: Database, clock: ReturnType<typeof testClock>) {
  const dir = testTempDir("sarraf-issues-");
  const db = database.db;
  const logs: string[] = [];

  /** Writes content/newsletter/<lang>/<slug>.md: front matter (or the raw text given) and a body. */
  const issueFile = async (slug: string, language: Locale, matter: string | { title: string }, body = "Hello from [the blog](/blog).") => {
    await mkdir(join(dir, "newsletter", language), { recursive: true });
    const text = typeof matter === "string" ? matter : `---\ntitle: "${matter.title}"\ndate: 2026-12-01\nlanguage: ${language}\n---\n\n${body}\n`;
    await writeFile(join(dir, "newsletter", language, `${slug}.md`), text);
  };

  const subscriberOf = async (status: SubscriberStatus, locale: Locale) => {
    const email = uniqueEmail(`${status}-${locale}`);
    const at = clock.now();
    const [row] = await db
      .insert(newsletterSubscribers)
      .values({ email, locale, status, createdAt: at, confirmedAt: status === "pending" ? null : at, unsubscribedAt: status === "unsubscribed" ? at : null })
      .returning();
    return row!;
  };

  /** Every later send reaches only the subscribers the test makes. */
  const forgetSubscribers = () => db.update(newsletterSubscribers).set({ status: "unsubscribed" }).where(eq(newsletterSubscribers.status, "active"));

  const recording = (sent: MailMessage[], fail?: (n: number) => "ok" | "refuse" | "hang"): Mailer => {
    let calls = 0;
    return {
      async send(message) {
        // Another run's claim may come between two of this run's, as with two processes.
        await new Promise((ready) => setImmediate(ready));
        const fate = fail?.(++calls) ?? "ok";
        if (fate === "hang") return new Promise<void>(() => {});
        if (fate === "refuse") throw new Error("451 mail server busy");
        sent.push(message);
      },
    };
  };

  /** Runs `npm run ops:newsletter -- ...args`; what it printed, its exit code and the pauses it made. */
  const run = async (args: string[], mailer: Mailer = recording([])) => {
    const out: string[] = [];
    const err: string[] = [];
    const pauses: number[] = [];
    let t = 0;
    const code = await newsletterCommand(args, {
      db,
      logger: createLogger("debug", (line) => logs.push(line)),
      now: clock.now,
      mailer,
      origin: ORIGIN,
      sendsPerMinute: PER_MINUTE,
      pause: async (ms) => {
        pauses.push(ms);
        t += ms;
      },
      clock: () => t,
      contentDir: dir,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    return { code, out: out.join("\n"), err: err.join("\n"), pauses };
  };

  const deliveries = (slug: string) => db.select().from(newsletterDeliveries).where(eq(newsletterDeliveries.issueSlug, slug));
  return { dir, logs, issueFile, subscriberOf, forgetSubscribers, recording, run, deliveries };
}
