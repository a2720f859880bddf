// Sending a newsletter issue with `npm run ops:newsletter` against the real database: each confirmed
// subscriber gets it once in their language with a working unsubscribe link; pending and
// unsubscribed get nothing; re-runs, a mail server failing mid-way, a run killed mid-way and two
// runs at once never mail anyone twice; bad issue files and unknown slugs send nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UNCLEAR_AFTER_MS } from "../../../server/modules/contact/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import type { MailMessage } from "../../../server/platform/mail/index.ts";
import { testClock } from "../helpers/auth.ts";
import { openTestDatabase } from "../helpers/test-db.ts";
import { issuesWorld, ORIGIN, PER_MINUTE } from "./issues-world.ts";
import { contactWorld, type ContactWorld } from "./world.ts";

const clock = testClock("2026-12-01T08:00:00Z");
let database: Database;
let w: ContactWorld;
let iw: Awaited<ReturnType<typeof issuesWorld>>;
beforeAll(async () => {
  database = await openTestDatabase();
  w = contactWorld([database], clock);
  iw = await issuesWorld(database, clock);
  await iw.issueFile("december", "en", { title: "December at Sarraf" }, "Prices on [the market](/market), and [a guide](https://example.org/guide).");
  await iw.issueFile("december", "ar", { title: "ديسمبر في صرّاف" }, "الأسعار في [السوق](/market).");
  await iw.issueFile("january", "en", { title: "January at Sarraf" });
  for (const slug of ["paced", "flaky", "killed", "race", "quiet"]) await iw.issueFile(slug, "en", { title: `The ${slug} issue` });
});
beforeEach(async () => {
  clock.nextTest();
  await iw.forgetSubscribers();
});
afterAll(() => database.close());

const TOKEN_LINK = /https:\/\/sarraf\.example\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})/;
const to = (sent: MailMessage[], email: string) => sent.filter((m) => m.to === email);

describe("sending an issue", () => {
  it("mails each confirmed subscriber once, in their language, with their own working unsubscribe link; nobody else; the next issue skips who left", async () => {
    const [en, ar, pending, gone] = [
      await iw.subscriberOf("active", "en"),
      await iw.subscriberOf("active", "ar"),
      await iw.subscriberOf("pending", "en"),
      await iw.subscriberOf("unsubscribed", "ar"),
    ];
    const sent: MailMessage[] = [];
    const first = await iw.run(["send", "december"], iw.recording(sent));
    expect(first.code).toBe(0);
    expect(first.out).toContain("sent 2 now; failed 0");
    expect(sent.map((m) => m.to).sort()).toEqual([en.email, ar.email].sort());
    expect(to(sent, pending.email).concat(to(sent, gone.email))).toEqual([]);

    const [enMail] = to(sent, en.email);
    const [arMail] = to(sent, ar.email);
    expect(enMail).toMatchObject({ kind: "newsletterIssue", locale: "en", subject: "December at Sarraf" });
    expect(arMail).toMatchObject({ kind: "newsletterIssue", locale: "ar", subject: "ديسمبر في صرّاف" });
    expect(arMail!.html).toContain('<html lang="ar" dir="rtl">');
    // Site links made absolute, in the text and the HTML; others left as written.
    expect(enMail!.text).toContain(`[the market](${ORIGIN}/market)`);
    expect(enMail!.html).toContain(`href="${ORIGIN}/market"`);
    expect(enMail!.html).toContain('href="https://example.org/guide"');
    for (const mail of [enMail!, arMail!]) {
      expect(mail.listUnsubscribe).toMatch(TOKEN_LINK);
      expect(mail.text).toContain(mail.listUnsubscribe);
      expect(mail.html).toContain(`href="${mail.listUnsubscribe}"`);
    }
    expect(enMail!.listUnsubscribe).not.toBe(arMail!.listUnsubscribe);

    // Sent again: nothing new.
    const again = await iw.run(["send", "december"], iw.recording(sent));
    expect(again.out).toContain("sent 0 now; failed 0");
    expect(again.out).toContain("december so far: sent 2, failed 0, unclear 0");
    expect(sent).toHaveLength(2);

    // The ar subscriber follows their link; January (English only) reaches the en subscriber alone.
    const token = TOKEN_LINK.exec(arMail!.listUnsubscribe!)![1]!;
    expect((await w.follow("/subscriber/unsubscribe", token)).body.data).toEqual({ state: "unsubscribed" });
    const january: MailMessage[] = [];
    await iw.run(["send", "january"], iw.recording(january));
    expect(january.map((m) => m.to)).toEqual([en.email]);

    // An issue without the subscriber's language reaches them in English.
    const ar2 = await iw.subscriberOf("active", "ar");
    await iw.run(["send", "january"], iw.recording(january));
    expect(to(january, ar2.email)).toMatchObject([{ locale: "en", subject: "January at Sarraf" }]);

    const listed = await iw.run(["list"]);
    expect(listed.out).toContain('december  [en+ar]  "December at Sarraf"  sent 2, failed 0, unclear 0');
    expect(listed.out).toContain('january  [en]  "January at Sarraf"  sent 2, failed 0, unclear 0');
    // The logs carry counts, never a token or the text.
    expect(iw.logs.join("\n")).not.toMatch(/token=|Prices on/);
  });

  it(`hands at most ${PER_MINUTE} mails a minute to the mail server, evenly spaced`, async () => {
    for (let i = 0; i < 4; i++) await iw.subscriberOf("active", "en");
    const { pauses } = await iw.run(["send", "paced"]);
    expect(pauses).toEqual([500, 500, 500]);
  });
});

describe("failures and crashes", () => {
  it("the mail server failing from the 3rd of 5 mails: reported, and the next run sends only those; each subscriber gets one", async () => {
    const people = await Promise.all([0, 1, 2, 3, 4].map(() => iw.subscriberOf("active", "en")));
    const sent: MailMessage[] = [];
    const broken = await iw.run(
      ["send", "flaky"],
      iw.recording(sent, (n) => (n >= 3 ? "refuse" : "ok")),
    );
    expect(broken.code).toBe(1);
    expect(broken.out).toContain("sent 2 now; failed 3 (the mail server refused them: run send again to retry)");
    expect(iw.logs.join("\n")).toContain('"msg":"newsletter.issue.failed"');
    const retried = await iw.run(["send", "flaky"], iw.recording(sent));
    expect(retried.out).toContain("sent 3 now; failed 0");
    for (const person of people) expect(to(sent, person.email)).toHaveLength(1);
    expect((await iw.deliveries("flaky")).filter((d) => d.status === "sent" && d.attempts === 2)).toHaveLength(3);
  });

  it("a run killed while handing over its 2nd mail: the re-run sends the rest, not that one (unclear) unless the operator asks", async () => {
    const people = await Promise.all([0, 1, 2, 3].map(() => iw.subscriberOf("active", "ar")));
    const sent: MailMessage[] = [];
    let killed!: () => void;
    const atKill = new Promise<void>((resolve) => (killed = resolve));
    // The first run hangs for good in its 2nd send, as a process killed there would stop.
    void iw.run(
      ["send", "killed"],
      iw.recording(sent, (n) => (n === 2 ? (killed(), "hang") : "ok")),
    );
    await atKill;
    const rerun = await iw.run(["send", "killed"], iw.recording(sent));
    expect(rerun.out).toContain("sent 2 now; failed 0");
    expect(rerun.out).toContain("killed so far: sent 3, failed 0, unclear 1");
    const counts = people.map((p) => to(sent, p.email).length).sort();
    expect(counts).toEqual([0, 1, 1, 1]);
    expect((await iw.run(["send", "killed"], iw.recording(sent))).out).toContain("sent 0 now");
    // The operator, having read the mail server's log, sends that one again once the claim is old.
    expect((await iw.run(["send", "killed", "--resend-unclear"], iw.recording(sent))).out).toContain("sent 0 now");
    clock.advance(UNCLEAR_AFTER_MS);
    const resent = await iw.run(["send", "killed", "--resend-unclear"], iw.recording(sent));
    expect(resent.out).toContain("killed so far: sent 4, failed 0, unclear 0");
    expect(people.map((p) => to(sent, p.email).length)).toEqual([1, 1, 1, 1]);
  });

  it("two runs at once mail each subscriber exactly once", async () => {
    const people = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => iw.subscriberOf("active", i % 2 ? "ar" : "en")));
    const sent: MailMessage[] = [];
    const [a, b] = await Promise.all([iw.run(["send", "race"], iw.recording(sent)), iw.run(["send", "race"], iw.recording(sent))]);
    expect(a.code + b.code).toBe(0);
    for (const person of people) expect(to(sent, person.email)).toHaveLength(1);
    expect(sent).toHaveLength(6);
  });
});

describe("refusals", () => {
  it.each([
    ["missing-title", "---\ndate: 2026-12-01\nlanguage: en\n---\n\nHello.\n", "newsletter/en/missing-title.md: title: must be text"],
    ["bad-yaml", "---\ntitle: [unclosed\nlanguage: en\n---\n\nHello.\n", "newsletter/en/bad-yaml.md: the front matter is not valid YAML"],
    ["no-matter", "Hello, no front matter.\n", "newsletter/en/no-matter.md: no front matter"],
    ["wrong-folder", "---\ntitle: Hi\ndate: 2026-12-01\nlanguage: ar\n---\n\nHello.\n", "language: says ar, but the file is in the en folder"],
  ])("%s: send refuses the issue with its problem and mails nobody", async (slug, text, problem) => {
    await iw.subscriberOf("active", "en");
    await iw.issueFile(slug, "en", text);
    const sent: MailMessage[] = [];
    const { code, err } = await iw.run(["send", slug], iw.recording(sent));
    expect(code).toBe(1);
    expect(err).toContain(`the issue ${slug} is refused: nothing sent`);
    expect(err).toContain(problem);
    expect(sent).toEqual([]);
    expect(await iw.deliveries(slug)).toEqual([]);
    expect((await iw.run(["list"])).out).toContain(`${slug}  REFUSED`);
  });

  it("an unknown slug, or a bad command, sends nothing", async () => {
    await iw.subscriberOf("active", "en");
    const sent: MailMessage[] = [];
    const unknown = await iw.run(["send", "nope"], iw.recording(sent));
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^no issue nope in .*newsletter: nothing sent \(issues: .*december.*\)$/);
    expect((await iw.run(["send"], iw.recording(sent))).code).toBe(2);
    expect((await iw.run(["mail", "december"], iw.recording(sent))).err).toContain("usage: npm run ops:newsletter");
    expect((await iw.run(["preview", "december", "--lang", "fr"])).code).toBe(2);
    expect(sent).toEqual([]);
  });
});

describe("preview", () => {
  it("prints the subject and text in the language asked for, falling back to English, and sends nothing", async () => {
    await iw.subscriberOf("active", "ar");
    const ar = await iw.run(["preview", "december", "--lang", "ar"]);
    expect(ar.code).toBe(0);
    expect(ar.out).toContain("Subject: ديسمبر في صرّاف");
    expect(ar.out).toContain(`الأسعار في [السوق](${ORIGIN}/market)`);
    const fallback = await iw.run(["preview", "quiet", "--lang", "ar"]);
    expect(fallback.out).toContain("(quiet has no ar file: ar subscribers get the en one)");
    expect(fallback.out).toContain("Subject: The quiet issue");
    expect(fallback.out).toContain("List-Unsubscribe: <https://sarraf.example/newsletter/unsubscribe?token=(each-subscriber's-own-token)>");
    expect(await iw.deliveries("quiet")).toEqual([]);
  });
});
