import { Trans, useLingui } from "@lingui/react/macro";
import { PageSkeleton } from "../../../shared/ui/PageSkeleton.tsx";
import { useLegalCatalog } from "./catalog.ts";
import { SUPPORT_EMAIL, TERMS_VERSION } from "../../../../contract/index.ts";
import type { LegalBlock, LegalText } from "./document.ts";
import "./legal.css";

/** The version's date in the reader's language, with Latin digits like the rest of the app. */
function effectiveDate(locale: string): string {
  return new Date(`${TERMS_VERSION}T00:00:00Z`).toLocaleDateString(locale === "ar" ? "ar-u-nu-latn" : "en-GB", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

function Block({ block }: { block: LegalBlock }) {
  const { i18n } = useLingui();
  if ("list" in block) {
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item.id}>{i18n._(item)}</li>
        ))}
      </ul>
    );
  }
  return <p>{i18n._(block)}</p>;
}

/**
 * A legal page: its title, the version and date every account's consent refers to, contents
 * that link to each section, the sections, and where to ask.
 */
export function LegalDocument({ text }: { text: LegalText }) {
  const { i18n, t } = useLingui();
  const ready = useLegalCatalog();
  if (!ready) return <PageSkeleton />;
  const version = TERMS_VERSION;
  const effective = effectiveDate(i18n.locale);
  const email = SUPPORT_EMAIL;
  return (
    <article className="legal">
      <header className="page-header">
        <h1>{i18n._(text.title)}</h1>
        <p className="legal-version">
          <Trans>
            Version <bdi dir="ltr">{version}</bdi>, effective {effective}
          </Trans>
        </p>
        <p className="lead">{i18n._(text.lead)}</p>
      </header>
      <nav aria-label={t`Contents`} className="legal-contents">
        <ol>
          {text.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{i18n._(section.title)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {text.sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <h2 id={`${section.id}-title`}>{i18n._(section.title)}</h2>
          {section.body.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
      <section id="legal-contact" aria-labelledby="legal-contact-title">
        <h2 id="legal-contact-title">
          <Trans>Questions</Trans>
        </h2>
        <p>
          <Trans>
            Write to us at{" "}
            <bdi dir="ltr" className="legal-email">
              <a href={`mailto:${email}`}>{email}</a>
            </bdi>
            . We answer in English and Arabic.
          </Trans>
        </p>
      </section>
    </article>
  );
}
