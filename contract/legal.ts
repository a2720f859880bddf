// The legal documents' version and the consent a sign-up carries. One version covers the Terms of
// Service, the Privacy Policy and the Risk Disclosure together: a person accepts them as one set,
// and a change to any of them is a new version.
import { z } from "zod";
import { TERMS_VERSION, type FieldErrorKey } from "./vocabulary.ts";

export { SUPPORT_EMAIL, TERMS_VERSION } from "./vocabulary.ts";

/**
 * The consent box: its value is the version of the documents the person ticked to accept.
 * Missing or empty (the box left unticked) is "terms.required"; another version (a page opened
 * before the documents changed) is "terms.outdated", so the person reads the new ones first.
 */
export const acceptedTermsField = z
  .literal(TERMS_VERSION, {
    error: (issue): FieldErrorKey =>
      issue.input === undefined || issue.input === "" || issue.input === false || issue.input === null
        ? "terms.required"
        : typeof issue.input === "string"
          ? "terms.outdated"
          : "field.invalid",
  })
  .meta({
    description: `The version of the Terms of Service, Privacy Policy and Risk Disclosure the person accepted by ticking the sign-up box; only the current one, ${TERMS_VERSION}, is accepted. The server records it with the time of the sign-up.`,
  });
