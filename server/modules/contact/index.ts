// What the composition root mounts of contact and newsletter, and the newsletter's sender.
export { contactHandlers, createContact, type Contact } from "./routes.ts";
export { oneClickUnsubscribeRoutes } from "./one-click.ts";
export type { ContactDeps } from "./deps.ts";
export { CONTACT, NEWSLETTER } from "./limits.ts";
export { pruneNewsletterRows } from "./prune.ts";
export { readIssues, editionFor, FALLBACK_LOCALE, ISSUES_FOLDER, type Issue, type IssueEdition, type RefusedIssue } from "./issues.ts";
export { issueMessage } from "./newsletter-mail.ts";
export { issueSender, UNCLEAR_AFTER_MS, type IssueSender, type IssueSenderDeps, type SendReport, type DeliveryCounts } from "./issue-send.ts";
