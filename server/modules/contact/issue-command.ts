// npm run ops:newsletter -- list | preview <slug> [--lang ar] | send <slug>: what scripts/ops-newsletter.ts
// runs, here so that tests run the command itself. Prints counts and subjects, never an address, a
// token or a mail's text (but preview's, which has no subscriber's link in it).
import { parseArgs } from "node:util";
import { locales, type Locale } from "../../../contract/vocabulary.ts";
import { issueSender, UNCLEAR_AFTER_MS, type IssueSenderDeps } from "./issue-send.ts";
import { editionFor, FALLBACK_LOCALE, ISSUES_FOLDER, readIssues, type Issue } from "./issues.ts";
import { issueMessage } from "./newsletter-mail.ts";

export const USAGE = "usage: npm run ops:newsletter -- list | preview <slug> [--lang en|ar] | send <slug> [--resend-unclear]";

export interface NewsletterCommandDeps extends IssueSenderDeps {
  contentDir: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; answers the process's exit code (0 done, 1 refused or a mail failed, 2 usage). */
export async function newsletterCommand(args: string[], deps: NewsletterCommandDeps): Promise<number> {
  const { out, err } = deps;
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { lang: { type: "string", default: FALLBACK_LOCALE }, "resend-unclear": { type: "boolean", default: false } },
    });
  } catch (error) {
    err(`${error instanceof Error ? error.message : "bad arguments"}\n${USAGE}`);
    return 2;
  }
  const [command = "list", slug, ...rest] = parsed.positionals;
  const lang = parsed.values.lang as Locale;
  const wantsSlug = command === "preview" || command === "send";
  if (!["list", "preview", "send"].includes(command) || (wantsSlug && !slug) || (!wantsSlug && slug) || rest.length > 0 || !locales.includes(lang)) {
    err(USAGE);
    return 2;
  }
  const { issues, refused } = await readIssues(deps.contentDir);
  const sender = issueSender(deps);
  const folder = `${deps.contentDir}/${ISSUES_FOLDER}`;

  if (command === "list") {
    const [counts, audience] = await Promise.all([sender.counts(), sender.audience()]);
    out(`Newsletter issues in ${folder}; confirmed subscribers: ${audience.en + audience.ar} (en ${audience.en}, ar ${audience.ar})`);
    if (issues.length === 0 && refused.length === 0) out("  no issues: write content/newsletter/en/<slug>.md (README: Newsletter)");
    for (const issue of issues) {
      const c = counts.get(issue.slug) ?? { sent: 0, failed: 0, sending: 0 };
      const languages = locales.filter((locale) => issue.editions[locale]).join("+");
      out(`  ${issue.slug}  [${languages}]  "${issue.editions[FALLBACK_LOCALE]!.subject}"  sent ${c.sent}, failed ${c.failed}, unclear ${c.sending}`);
    }
    for (const { slug: refusedSlug, problems } of refused) {
      out(`  ${refusedSlug}  REFUSED (cannot be sent until fixed):`);
      for (const problem of problems) out(`    - ${problem}`);
    }
    return 0;
  }

  const issue = pick(issues, refused, slug!, folder, err);
  if (!issue) return 1;
  if (command === "preview") {
    const edition = editionFor(issue, lang);
    const message = issueMessage("(each subscriber)", edition, "(each-subscriber's-own-token)", deps.origin);
    if (edition.locale !== lang) out(`(${issue.slug} has no ${lang} file: ${lang} subscribers get the ${edition.locale} one)`);
    out(`Subject: ${message.subject}\nLanguage: ${edition.locale}\nList-Unsubscribe: <${message.listUnsubscribe}>\n\n${message.text}`);
    return 0;
  }

  const audience = await sender.audience();
  out(
    `sending ${issue.slug} to the confirmed subscribers it has not reached (${audience.en + audience.ar} confirmed), ${deps.sendsPerMinute} a minute at most…`,
  );
  const report = await sender.send(issue, { resendUnclear: parsed.values["resend-unclear"] });
  const total = (await sender.counts()).get(issue.slug) ?? { sent: 0, failed: 0, sending: 0 };
  out(`sent ${report.sent} now; failed ${report.failed}${report.failed > 0 ? " (the mail server refused them: run send again to retry)" : ""}`);
  out(`${issue.slug} so far: sent ${total.sent}, failed ${total.failed}, unclear ${total.sending}`);
  if (total.sending > 0)
    out(
      `  unclear: claimed by a run that stopped (or is still running) before the mail server answered; not sent again, as it may have gone out. If the mail server's log shows it did not, send again with --resend-unclear (takes those claimed ${UNCLEAR_AFTER_MS / 60_000}+ minutes ago)`,
    );
  return report.failed > 0 ? 1 : 0;
}

function pick(issues: Issue[], refused: { slug: string; problems: string[] }[], slug: string, folder: string, err: (line: string) => void): Issue | null {
  const found = issues.find((issue) => issue.slug === slug);
  if (found) return found;
  const bad = refused.find((issue) => issue.slug === slug);
  if (bad) {
    err(`the issue ${slug} is refused: nothing sent. Fix its file(s):`);
    for (const problem of bad.problems) err(`  - ${problem}`);
  } else {
    const known = [...issues, ...refused].map((issue) => issue.slug);
    err(`no issue ${slug} in ${folder}: nothing sent${known.length ? ` (issues: ${known.join(", ")})` : ""}`);
  }
  return null;
}
