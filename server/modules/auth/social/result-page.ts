import { escapeHtml, htmlLangDir, jsonForScript } from "../../../platform/http/html.ts";
import { translate, type Locale } from "../../../platform/i18n/index.ts";

export type SocialFailure = "denied" | "unauthorizedDomain" | "emailTaken" | "failed";

/**
 * What the popup tells the SPA, over BroadcastChannel("sarraf-social") and window.opener. The SPA
 * matches it exactly. `requestId` is "" when the server cannot tell which popup it is answering.
 */
export type SocialResult = { type: "sarraf.social"; requestId: string } & ({ code: string } | { error: SocialFailure });

export const RESULT_ELEMENT_ID = "sarraf-social-result";
export const RESULT_SCRIPT_PATH = "/auth/result.js";
/** How many times the popup sends its answer, half a second apart, until it is acknowledged. */
export const ACK_TRIES = 20;

/**
 * Served as a file, not inline: the CSP allows scripts from 'self' only. It reads the payload the
 * page carries as inert JSON and sends it both ways (the opener is gone when a provider's page cut
 * it off with its own opener policy), again every half second for 10 seconds until the page that
 * asked acknowledges it: that page may be reloading just then. Acknowledged, the popup closes;
 * unanswered, it stays open with its message.
 */
export const RESULT_SCRIPT = `"use strict";
(function () {
  var element = document.getElementById(${JSON.stringify(RESULT_ELEMENT_ID)});
  if (!element) return;
  var payload;
  try {
    payload = JSON.parse(element.textContent || "");
  } catch (error) {
    return;
  }
  var channel = null;
  try {
    channel = new BroadcastChannel("sarraf-social");
  } catch (error) {}
  var acknowledged = false;
  var tries = 0;
  if (channel) {
    channel.onmessage = function (event) {
      var message = event.data;
      if (acknowledged || !message || message.type !== "sarraf.social.ack" || message.requestId !== payload.requestId) return;
      acknowledged = true;
      setTimeout(function () {
        window.close();
      }, 300);
    };
  }
  function send() {
    if (acknowledged) return;
    try {
      if (channel) channel.postMessage(payload);
    } catch (error) {}
    try {
      if (window.opener) window.opener.postMessage(payload, location.origin);
    } catch (error) {}
    tries += 1;
    if (tries < ${ACK_TRIES}) setTimeout(send, 500);
  }
  send();
})();
`;

const MESSAGES = {
  signedIn: "social.result.signedIn",
  denied: "social.result.denied",
  unauthorizedDomain: "social.result.unauthorizedDomain",
  emailTaken: "social.result.emailTaken",
  failed: "social.result.failed",
} as const;

/** The page the provider's redirect ends on, in the popup: a line of text and the payload. */
export function resultPage(locale: Locale, result: SocialResult): string {
  const outcome = "code" in result ? "signedIn" : result.error;
  const title = escapeHtml(translate(locale, "social.result.title"));
  const message = escapeHtml(translate(locale, MESSAGES[outcome]));
  return `<!doctype html>
<html ${htmlLangDir(locale)}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${title}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#1a1a1a;background:#f6f7f9}
main{max-width:24rem;padding:1.5rem;text-align:center}h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:0}
</style>
<script type="application/json" id="${RESULT_ELEMENT_ID}">${jsonForScript(result)}</script>
<script src="${RESULT_SCRIPT_PATH}" defer></script>
</head>
<body><main>
<h1>${title}</h1>
<p role="status">${message}</p>
</main></body></html>`;
}
