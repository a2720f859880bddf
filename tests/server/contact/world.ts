// Contact and newsletter's test world: the real app over a real database, a settable clock, and
// the mail as handed to the mail port (with its Reply-To and List-Unsubscribe).
import type { Database } from "../../../server/platform/db/open.ts";
import type { MailMessage, MailService } from "../../../server/platform/mail/index.ts";
import { bodyOf, uniqueEmail, type testClock } from "../helpers/auth.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

export const SUPPORT = "help@sarraf.test";

export function contactWorld(databases: Database[], clock: ReturnType<typeof testClock>) {
  const sent: MailMessage[] = [];
  const mail: MailService = { kind: "outbox", mailer: { send: async (message) => void sent.push(message) }, idle: async () => {}, close: async () => {} };
  const apps: TestApp[] = databases.map((database) => createTestApp({ database, now: clock.now, mail, env: { SUPPORT_EMAIL: SUPPORT } }));
  const app = apps[0]!;

  const start = async (on = app) => {
    const body = await bodyOf(await on.post("/contactus/start", { body: {} }));
    return (body.data as { formToken: string; minSeconds: number }).formToken;
  };
  const fields = (overrides: Record<string, unknown> = {}) => ({
    name: "Amal Haddad",
    email: uniqueEmail("writer"),
    subject: "A question about fees",
    message: "How much does a card buy of 100 USD cost, all fees included?",
    ...overrides,
  });
  /** A form opened, filled for the minimum fill time, and sent. */
  const contact = async (overrides: Record<string, unknown> = {}, options: { address?: string; lang?: string; on?: TestApp } = {}) => {
    const formToken = await start(options.on);
    clock.advance(3_000);
    const res = await (options.on ?? app).post("/contactus/add", {
      body: { ...fields(overrides), formToken, ...overrides },
      address: options.address,
      lang: options.lang,
    });
    return { res, body: await bodyOf(res) };
  };
  const subscribe = async (email: string, options: { address?: string; lang?: string; on?: TestApp; website?: string } = {}) => {
    const res = await (options.on ?? app).post("/subscriber/add", {
      body: { email, ...(options.website === undefined ? {} : { website: options.website }) },
      address: options.address,
      lang: options.lang,
    });
    return { res, body: await bodyOf(res) };
  };
  const follow = async (path: "/subscriber/confirm" | "/subscriber/unsubscribe", token: string, on = app) => {
    const res = await on.post(path, { body: { token } });
    return { res, body: await bodyOf(res) };
  };
  const mailsTo = (to: string) => sent.filter((m) => m.to === to);
  /** The token of the newest mail to `to` with a link to `page`. */
  const linkToken = (to: string, page: "confirm" | "unsubscribe") => {
    const mails = mailsTo(to).reverse();
    for (const m of mails) {
      const found = new RegExp(`/newsletter/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(m.text);
      if (found) return found[1]!;
    }
    throw new Error(`no ${page} link to ${to}`);
  };
  return { apps, app, sent, start, fields, contact, subscribe, follow, mailsTo, linkToken };
}
export type ContactWorld = ReturnType<typeof contactWorld>;
