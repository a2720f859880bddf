import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { PartnerList } from "../../../../contract/blog.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useActiveLocale } from "../../../shared/actors/hooks.ts";
import { ContentProblem, partnerHref, useContentPage } from "../../blog/index.ts";

export default function PartnersPage() {
  const language = useActiveLocale();
  const content = useContentPage<PartnerList>({ kind: "partners", language });
  const partners = content.data?.items ?? null;
  return (
    <>
      <PageHeader
        title={<Trans>Partners</Trans>}
        lead={<Trans>The companies that help Sarraf work: card payments, learning and keeping your coins safe.</Trans>}
      />
      {content.has("failed") && <ContentProblem failure={content.failure} onRetry={content.retry} />}
      {!partners && content.has("loading") && <div className="post-grid-placeholder" aria-hidden="true" />}
      {partners && (
        <ul className="partner-grid" aria-busy={content.has("loading")}>
          {partners.map((partner) => (
            <li key={partner.slug} className="partner-card" lang={partner.language} dir={partner.language === "ar" ? "rtl" : "ltr"}>
              <img
                className="partner-logo"
                src={partner.logo.url}
                alt=""
                width={1200}
                height={630}
                loading={partner.logo.url.startsWith("data:") ? undefined : "lazy"}
              />
              <div className="partner-card-body">
                <p className="post-meta">{partner.kind}</p>
                <h2 className="post-card-title">
                  <Link href={partnerHref(partner.slug)}>{partner.name}</Link>
                </h2>
                <p className="post-card-summary">{partner.summary}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
