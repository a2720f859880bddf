// One-click unsubscribe (RFC 8058): a mail client's POST of `List-Unsubscribe=One-Click` to the
// List-Unsubscribe address unsubscribes at once; anything else changes nothing. And the SMTP
// adapter sends both headers with an issue's text and HTML.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueMessage } from "../../../server/modules/contact/index.ts";
import { newsletterSubscribers } from "../../../server/modules/contact/schema.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { smtpMailer } from "../../../server/platform/mail/smtp.ts";
import { testClock, uniqueEmail } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { contactWorld, type ContactWorld } from "./world.ts";

const clock = testClock("2026-12-02T08:00:00Z");
let database: Database;
let w: ContactWorld;
beforeAll(async () => {
  database = await openTestDatabase();
  w = contactWorld([database], clock);
});
afterAll(() => database.close());

const statusOf = async (email: string) => (await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0]!.status;
const oneClick = (link: string, body = "List-Unsubscribe=One-Click") =>
  w.app.app.request(link, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });

describe("one-click unsubscribe", () => {
  it("the mail client's POST to List-Unsubscribe unsubscribes; a POST without One-Click or with an unknown token changes nothing", async () => {
    const email = uniqueEmail("one-click");
    await w.subscribe(email, { address: "192.0.2.10" });
    await w.follow("/subscriber/confirm", w.linkToken(email, "confirm"));
    const link = w.mailsTo(email).at(-1)!.listUnsubscribe!;
    expect(link).toMatch(/^http:\/\/localhost\/newsletter\/unsubscribe\?token=/);

    const plain = await oneClick(link, "unsubscribe=yes");
    expect(plain.status).toBe(400);
    const unknown = await oneClick(link.replace(/token=.*/, `token=${"A".repeat(43)}`));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("This link is not valid. Open the whole link from the e-mail.");
    expect(await statusOf(email)).toBe("active");

    const done = await oneClick(link);
    expect(done.status).toBe(200);
    expect(done.headers.get("Cache-Control")).toBe("no-store");
    expect(await done.text()).toBe("You are unsubscribed.");
    expect(await statusOf(email)).toBe("unsubscribed");
  });
});

describe("an issue over SMTP", () => {
  let server: SMTPServer;
  const raws: string[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          raws.push(Buffer.concat(chunks).toString("utf8"));
          done();
        });
      },
    });
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  });
  afterAll(() => new Promise<void>((done) => server.close(done)));

  it("carries List-Unsubscribe and List-Unsubscribe-Post, and both a text and an HTML part", async () => {
    const { port } = server.server.address() as AddressInfo;
    const smtp = smtpMailer(`smtp://127.0.0.1:${port}`, "Sarraf <news@sarraf.test>");
    const edition = { locale: "en" as const, subject: "December", date: "2026-12-01", markdown: "Hello.", html: "<p>Hello.</p>\n" };
    try {
      await smtp.mailer.send(issueMessage("reader@example.com", edition, "T".repeat(43), "https://sarraf.example"));
    } finally {
      smtp.close();
    }
    const raw = raws.at(-1)!;
    expect(raw).toMatch(new RegExp(`^List-Unsubscribe:\\s+<https://sarraf\\.example/newsletter/unsubscribe\\?token=${"T".repeat(43)}>`, "m"));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
  });
});
