// Contact and newsletter's calls (spec section 7: /contactus/add, /subscriber/add; with the contact
// form's start token and the e-mailed links' confirm and unsubscribe). Public: no session.
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_SUBJECT_MAX_LENGTH, HONEYPOT_FIELD } from "../../../contract/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { linkOrigin } from "../../platform/http/hosts.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { ContactDeps } from "./deps.ts";
import { CONTACT } from "./limits.ts";
import { contactMessagesService } from "./messages.ts";
import { newsletterService, type Newsletter } from "./newsletter.ts";
import { formTokens } from "./secrets.ts";

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function createContact(deps: ContactDeps) {
  return { deps, tokens: formTokens(deps.db, deps.now), messages: contactMessagesService(deps), newsletter: newsletterService(deps) };
}
export type Contact = ReturnType<typeof createContact>;

export function contactHandlers({ deps, tokens, messages, newsletter }: Contact) {
  const { env, logger } = deps;
  return handlers({
    contactStart: {
      success: "success.formToken",
      handle: async () => ({ formToken: await tokens.issue(), minSeconds: CONTACT.minFillMs / 1000 }),
    },
    contactUs: {
      success: "success.contactSent",
      fieldValues: { subject: { max: CONTACT_SUBJECT_MAX_LENGTH }, message: { min: CONTACT_MESSAGE_MIN_LENGTH, max: CONTACT_MESSAGE_MAX_LENGTH } },
      handle: async (c, body) => {
        // A robot that filled the honeypot is told it succeeded: a refusal would teach it which field to leave empty.
        if (body[HONEYPOT_FIELD]) {
          logger.info("contact.honeypot", {});
          return { received: true };
        }
        const form = await tokens.check(body.formToken);
        if (!form.ok)
          throw form.reason === "formTooFast" ? refuse("contactUs", "formTooFast", { retryAfter: seconds(form.waitMs) }) : refuse("contactUs", "formExpired");
        const { name, email, subject, message } = body;
        const outcome = await messages.submit({ name, email, subject, message }, c.var.locale, c.var.clientAddress);
        if ("limited" in outcome) throw refuse("contactUs", "rateLimited", { retryAfter: seconds(outcome.limited) });
        return { received: true };
      },
    },
    subscribe: {
      success: "success.subscribeSent",
      handle: async (c, body) => {
        if (body[HONEYPOT_FIELD]) {
          logger.info("newsletter.honeypot", {});
          return { checkInbox: true };
        }
        const outcome = await newsletter.subscribe(body.email, c.var.locale, c.var.clientAddress, linkOrigin(env, c));
        if ("limited" in outcome) throw refuse("subscribe", "rateLimited", { retryAfter: seconds(outcome.limited) });
        return { checkInbox: true };
      },
    },
    subscribeConfirm: {
      success: "success.subscribeConfirmed",
      handle: async (c, body) => linkAnswer("subscribeConfirm", await newsletter.confirm(body.token, linkOrigin(env, c))),
    },
    unsubscribe: {
      success: "success.unsubscribed",
      handle: async (_c, body) => {
        const outcome = await newsletter.unsubscribe(body.token);
        if ("refused" in outcome) throw refuse("unsubscribe", "linkInvalid");
        return outcome;
      },
    },
  });
}

function linkAnswer(route: "subscribeConfirm", outcome: Awaited<ReturnType<Newsletter["confirm"]>>) {
  if ("refused" in outcome) throw refuse(route, outcome.refused);
  return outcome;
}
