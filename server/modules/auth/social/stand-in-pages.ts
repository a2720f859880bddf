import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "../../../../contract/index.ts";
import { escapeHtml, htmlLangDir } from "../../../platform/http/html.ts";
import { translate, type Locale, type MessageId } from "../../../platform/i18n/index.ts";
import { PROVIDER_NAMES, type SocialProvider } from "./providers.ts";

const BRAND_COLOURS: Record<SocialProvider, string> = { google: "#1a73e8", apple: "#000000", facebook: "#1877f2" };

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;color:#1a1a1a;background:#f6f7f9}
main{width:min(100% - 2rem,22rem);background:#fff;border:1px solid #dadce0;border-radius:.75rem;padding:1.5rem}
.brand{margin:0;font-weight:600;color:var(--brand)}h1{font-size:1.25rem;margin:.25rem 0 .5rem}
label{display:block;font-weight:600;margin-top:1rem}
input{box-sizing:border-box;width:100%;font:inherit;padding:.5rem .625rem;margin-top:.25rem;border:1px solid #8a8f98;border-radius:.375rem}
input:focus,button:focus{outline:3px solid color-mix(in srgb,var(--brand) 45%,transparent);outline-offset:1px}
.error{color:#b3261e;margin:.25rem 0 0}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;font:inherit;font-weight:600;padding:.625rem;border-radius:.375rem;border:1px solid var(--brand);cursor:pointer}
.primary{background:var(--brand);color:#fff}.secondary{background:#fff;color:var(--brand)}`;

function page(locale: Locale, provider: SocialProvider | undefined, title: string, body: string): string {
  const brand = provider ? `--brand:${BRAND_COLOURS[provider]}` : "--brand:#444";
  return `<!doctype html>
<html ${htmlLangDir(locale)}>
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body style="${brand}"><main>
${body}
</main></body></html>`;
}

export interface SignInForm {
  locale: Locale;
  provider: SocialProvider;
  /** Where the form posts: the interaction's own URL. */
  action: string;
  email?: string;
  name?: string;
  /** Set when a submitted e-mail was not valid. */
  emailError?: boolean;
}

/** The embedded provider's sign-in page, shown in the popup instead of Google, Apple or Facebook. */
export function signInPage({ locale, provider, action, email = "", name = "", emailError = false }: SignInForm): string {
  const t = (id: MessageId) => escapeHtml(translate(locale, id, { provider: PROVIDER_NAMES[provider] }));
  const invalid = emailError ? ` aria-invalid="true" aria-describedby="email-error"` : "";
  return page(
    locale,
    provider,
    t("standIn.title"),
    `<p class="brand">${t("standIn.title")}</p>
<h1>${t("standIn.heading")}</h1>
<p>${t("standIn.intro")}</p>
<form method="post" action="${escapeHtml(action)}">
<label for="email">${t("standIn.email")}</label>
<input id="email" name="email" type="email" dir="ltr" autocomplete="email" required maxlength="${EMAIL_MAX_LENGTH}" value="${escapeHtml(email)}" autofocus${invalid}>
${emailError ? `<p id="email-error" class="error">${t("email.invalid")}</p>` : ""}
<label for="name">${t("standIn.name")}</label>
<input id="name" name="name" type="text" dir="auto" autocomplete="name" maxlength="${NAME_MAX_LENGTH}" value="${escapeHtml(name)}">
<div class="actions">
<button class="primary" type="submit" name="action" value="continue">${t("standIn.continue")}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${t("standIn.cancel")}</button>
</div>
</form>`,
  );
}

/** An interaction that is gone or was never there (expired, replayed, opened in another browser). */
export function standInErrorPage(locale: Locale): string {
  const title = escapeHtml(translate(locale, "standIn.expired.title"));
  return page(locale, undefined, title, `<h1>${title}</h1>\n<p>${escapeHtml(translate(locale, "standIn.expired.text"))}</p>`);
}
