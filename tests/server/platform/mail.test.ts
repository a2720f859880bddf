import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../server/platform/db/open.ts";
import { outbox } from "../../../server/platform/db/schema.ts";
import { createApp } from "../../../server/app.ts";
import { envWith, parseEnv } from "../../../server/env.ts";
import { createLogger } from "../../../server/platform/logging/logger.ts";
import { handOff } from "../../../server/platform/mail/hand-off.ts";
import { smtpMailer } from "../../../server/platform/mail/smtp.ts";
import { composeMail } from "../../../server/modules/auth/mail-templates.ts";
import { bodyOf, codeIn, mailsTo, seedUser, uniqueEmail } from "../helpers/auth.ts";
import { appOverTestDatabase, createTestApp, type TestApp } from "../helpers/test-app.ts";

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite));

const sendOtp = (app: TestApp, email: string, lang?: string) => app.post("/user/sendotp", { body: { email }, lang });
const mailbox = (app: TestApp, query = "", headers: Record<string, string> = {}) => app.app.request(`/dev/mailbox${query}`, { headers });

describe("the outbox (default mail adapter)", () => {
  it("stores each message; the log names recipient and kind, never the code or a link carrying it, at any level", async () => {
    const [user, other] = [await seedUser(database.db), await seedUser(database.db)];
    await sendOtp(t, user.email);
    await t.post("/user/forgotPassword", { body: { email: other.email } });
    const [signin] = await mailsTo(database.db, user.email);
    const [reset] = await mailsTo(database.db, other.email);
    expect(signin).toMatchObject({ to: user.email, kind: "signin", locale: "en", subject: "Your Sarraf sign-in code", createdAt: clock.now() });
    expect(reset).toMatchObject({ kind: "reset" });
    expect(t.logs.filter((l) => l.msg === "mail.outbox")).toEqual(
      expect.arrayContaining([expect.objectContaining({ level: "info", kind: "signin", to: user.email, readAt: "/dev/mailbox" })]),
    );
    const everything = JSON.stringify(t.logs);
    for (const secret of [codeIn(signin!.text), codeIn(reset!.text), "reset-password?", signin!.text, reset!.text]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("writes Arabic mail for an Arabic request", async () => {
    const user = await seedUser(database.db);
    await sendOtp(t, user.email, "ar");
    const [row] = await mailsTo(database.db, user.email);
    expect(row).toMatchObject({ locale: "ar", subject: "رمز تسجيل الدخول إلى صرّاف" });
    expect(row!.text).toBe(
      `مرحبًا،\n\nرمزك هو ${codeIn(row!.text)}، وهو صالح لمدة 10 دقائق.\n\n` +
        "إن لم تطلب تسجيل الدخول إلى صرّاف، فتجاهل هذه الرسالة؛ لا يستطيع أحد تسجيل الدخول دون هذا الرمز.",
    );
  });

  it("a failing mailer changes no answer: the failure is logged instead", async () => {
    const logs: Record<string, unknown>[] = [];
    const logger = createLogger("debug", (line) => logs.push(JSON.parse(line)));
    const broken = handOff("smtp", { send: () => Promise.reject(new Error("mail server down")) }, logger);
    const failing = createTestApp({ database, now: clock.now, mail: broken });
    const user = await seedUser(database.db);
    const known = await bodyOf(await sendOtp(failing, user.email));
    const unknown = await bodyOf(await sendOtp(failing, uniqueEmail()));
    expect(known).toMatchObject({ status: "success", data: { resendAfter: 60, expiresIn: 600 } });
    expect({ ...known, data: null }).toEqual({ ...unknown, data: null });
    expect(logs.find((l) => l.msg === "mail.failed")).toMatchObject({ level: "error", kind: "signin", err: { message: "mail server down" } });
  });

  // Item 8 of the audit: known accounts answered ~0.8 ms later because the outbox insert ran
  // before the answer. Now no mail work happens before the answer, for any account.
  it("delivers after the answer: a request for a known account finishes while its mail is still held back", async () => {
    const logger = createLogger("silent");
    const held: (() => void)[] = [];
    const stored: string[] = [];
    const slow = handOff("outbox", { send: (m) => new Promise<void>((done) => held.push(() => (stored.push(m.to), done()))) }, logger);
    const app = createApp({ database, env: envWith(), logger, staticDir: "/nonexistent", version: "test", now: clock.now, mail: slow });
    const users = [await seedUser(database.db), await seedUser(database.db)];
    for (const [index, path] of ["/user/sendotp", "/user/forgotPassword"].entries()) {
      const body = JSON.stringify({ email: users[index]!.email });
      const res = await app.request(`/api/v1${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      expect(res.status).toBe(200);
      expect(stored).toEqual([]);
    }
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held.forEach((release) => release());
    await slow.idle();
    expect(stored).toEqual(users.map((u) => u.email));
  });

  it("production refuses to start on the outbox alone, unless told to on purpose", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://sarraf.example",
      ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money",
      KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
    };
    const refused = parseEnv(production);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems.join("\n")).toMatch(/^SMTP_URL: must be set in production .*OUTBOX_IN_PRODUCTION=true/m);
    expect(parseEnv({ ...production, OUTBOX_IN_PRODUCTION: "true" }).ok).toBe(true);
    expect(parseEnv({ ...production, SMTP_URL: "smtp://mail.example:587" }).ok).toBe(true);
  });
});

describe("GET /dev/mailbox", () => {
  it("lists messages newest first as an accessible, escaped page", async () => {
    const hostile = `<script>alert(1)</script>"&'@example.com`;
    await database.db.insert(outbox).values([
      { to: "first@example.com", subject: "Older", text: "Your code is 111111", kind: "signin", locale: "en", createdAt: clock.now() },
      { to: hostile, subject: "<b>bold</b>", text: "a < b & c > d", kind: "signin", locale: "en", createdAt: clock.advance(1000) },
    ]);
    const res = await mailbox(t);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(html).toContain("<title>Dev mailbox · Sarraf</title>");
    expect(html).toContain("<h1>Dev mailbox</h1>");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&#39;@example.com");
    expect(html).toContain('<pre dir="auto">a &lt; b &amp; c &gt; d</pre>');
    expect(html.indexOf("&lt;b&gt;bold")).toBeLessThan(html.indexOf("Older"));
    expect(html).toMatch(/<article aria-labelledby="m0">[\s\S]*<time datetime="[^"]+">/);
  });

  it("filters by recipient (any case) and speaks Arabic right-to-left", async () => {
    const user = await seedUser(database.db);
    await sendOtp(t, user.email);
    const res = await mailbox(t, `?to=${encodeURIComponent(user.email.toUpperCase())}&lang=ar`);
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("<title>صندوق بريد التطوير · صرّاف</title>");
    expect(html).toContain(`الرسائل المرسلة إلى ${user.email}.`);
    expect(html.match(/<article/g)).toHaveLength(1);
    expect(html).toContain('<a href="/dev/mailbox?lang=ar">');
    // Accept-Language works too; the code is the only 6-digit number on the page.
    const english = await (await mailbox(t, `?to=${user.email}`, { "Accept-Language": "ar" })).text();
    expect(english).toContain('lang="ar"');
    expect(codeIn(english)).toBe(codeIn((await mailsTo(database.db, user.email))[0]!.text));
  });

  it("says so when there is no message", async () => {
    const html = await (await mailbox(t, `?to=${uniqueEmail()}`)).text();
    expect(html).toContain("<p>No messages yet.</p>");
  });

  it("is not there in production, nor when mail goes out over SMTP", async () => {
    const production = createTestApp({
      database,
      env: {
        NODE_ENV: "production",
        PUBLIC_URL: "https://sarraf.example",
        OUTBOX_IN_PRODUCTION: "true",
        ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money",
        KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
      },
    });
    const smtp = createTestApp({ database, env: { SMTP_URL: "smtp://127.0.0.1:9" } });
    for (const app of [production, smtp]) {
      const res = await app.app.request(`${app === production ? "https://sarraf.example" : ""}/dev/mailbox`, { headers: { Accept: "text/html" } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Dev mailbox");
    }
  });
});

describe("the SMTP adapter", () => {
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; user?: string; raw: string }[] = [];
  let arrived: (() => void) | undefined;

  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth: (auth, _session, done) => done(null, { user: auth.username }),
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          done();
          arrived?.();
        });
      },
    });
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(done)));

  const next = () => new Promise<void>((resolve) => (arrived = resolve));
  // The text part as sent: nodemailer picks base64 or quoted-printable for non-ASCII and long lines.
  const decoded = (raw: string) => {
    const split = raw.indexOf("\r\n\r\n");
    const [head, body] = [raw.slice(0, split), raw.slice(split + 4)];
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
    if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
    if (encoding !== "quoted-printable") return body;
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  };

  it("delivers a message from MAIL_FROM, logging in with the URL's credentials", async () => {
    const smtp = smtpMailer(`smtp://mailer:secret@127.0.0.1:${port}`, "Sarraf <no-reply@sarraf.test>");
    try {
      await smtp.mailer.send(
        composeMail("reset", { to: "layla@example.com", locale: "ar", code: "123456", link: "https://sarraf.example/reset-password?code=123456" }),
      );
    } finally {
      smtp.close();
    }
    const message = received.at(-1)!;
    expect(message).toMatchObject({ from: "no-reply@sarraf.test", to: ["layla@example.com"], user: "mailer" });
    expect(message.raw).toMatch(/^From: Sarraf <no-reply@sarraf\.test>/m);
    expect(decoded(message.raw)).toContain("رمزك هو 123456، وهو صالح لمدة 10 دقائق.");
  });

  it("an unreachable SMTP server changes no answer either: the failure is logged", async () => {
    const unreachable = createTestApp({ database, now: clock.now, env: { SMTP_URL: "smtp://127.0.0.1:9" } });
    const user = await seedUser(database.db);
    expect((await sendOtp(unreachable, user.email)).status).toBe(200);
    await vi.waitFor(() => expect(unreachable.logs.find((l) => l.msg === "mail.failed")).toMatchObject({ level: "error", kind: "signin" }), {
      timeout: 10_000,
    });
  });

  it("is what the app uses when SMTP_URL is set, sending without holding up the answer", async () => {
    const app = createTestApp({ database, now: clock.now, env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Sarraf <otp@sarraf.test>" } });
    const user = await seedUser(database.db);
    const arrival = next();
    expect((await sendOtp(app, user.email)).status).toBe(200);
    await arrival;
    const message = received.at(-1)!;
    expect(message).toMatchObject({ from: "otp@sarraf.test", to: [user.email] });
    expect(decoded(message.raw)).toMatch(/Your code is \d{6}\./);
    expect(await mailsTo(database.db, user.email)).toEqual([]);
  });
});
