// Contact and newsletter's calls, a group of the contract's table (contract/routes.ts). The spec
// names /contactus/add and /subscriber/add; the form's start token and the two e-mailed links
// (confirm, unsubscribe) get paths of their own beside them.
import { failure, rateLimited, validation } from "./failures.ts";
import {
  contactSchema,
  contactSentSchema,
  contactStartSchema,
  formTokenSchema,
  subscribeSchema,
  subscribeSentSchema,
  subscriptionStateSchema,
  subscriptionTokenSchema,
} from "./contact.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

const linkInvalid = failure("linkInvalid", "No e-mailed link has this token (mistyped or cut short).");

export const contactRoutes = {
  contactStart: route({
    path: routePaths.contactStart,
    methods: ["POST"],
    auth: "none",
    group: "Public",
    summary: "A token for a newly opened contact form: it records when the form was opened, signed by the server (the minimum fill time).",
    status: "live",
    request: contactStartSchema,
    response: formTokenSchema,
    failures: [validation],
  }),
  contactUs: route({
    path: routePaths.contactUs,
    methods: ["POST"],
    auth: "none",
    group: "Public",
    summary:
      "Sends a message to the team: stored, e-mailed to the support address (Reply-To the sender) with a receipt to the sender. A filled honeypot is answered alike and nothing is kept or sent.",
    status: "live",
    request: contactSchema,
    response: contactSentSchema,
    failures: [
      validation,
      failure("formTooFast", "Sent sooner than the minimum fill time after the form was opened; data.retryAfter says how many seconds are left."),
      failure("formExpired", "The form's token is missing, forged or older than a day: ask /contactus/start for a new one."),
      rateLimited,
    ],
  }),
  subscribe: route({
    path: routePaths.subscribe,
    methods: ["POST"],
    auth: "none",
    group: "Public",
    summary:
      "Subscribes an e-mail to the newsletter by double opt-in: a confirmation link is e-mailed (or, to an address already subscribed, a note saying so). The same answer for every address.",
    status: "live",
    request: subscribeSchema,
    response: subscribeSentSchema,
    failures: [validation, rateLimited],
  }),
  subscribeConfirm: route({
    path: routePaths.subscribeConfirm,
    methods: ["POST"],
    auth: "none",
    group: "Public",
    summary: "Confirms a subscription with the e-mailed link's token; a link used before answers alreadyConfirmed.",
    status: "live",
    request: subscriptionTokenSchema,
    response: subscriptionStateSchema,
    failures: [validation, linkInvalid, failure("linkExpired", "The confirmation link is past its validity: subscribe again for a new one.")],
  }),
  unsubscribe: route({
    path: routePaths.unsubscribe,
    methods: ["POST"],
    auth: "none",
    group: "Public",
    summary: "Ends a subscription with the token of the link in any newsletter e-mail, without signing in; again answers alreadyUnsubscribed.",
    status: "live",
    request: subscriptionTokenSchema,
    response: subscriptionStateSchema,
    failures: [validation, linkInvalid],
  }),
};
