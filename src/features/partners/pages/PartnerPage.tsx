import { useParams } from "wouter";
import { Trans } from "@lingui/react/macro";
import type { Partner } from "../../../../contract/blog.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { useActiveLocale } from "../../../shared/actors/hooks.ts";
import { ArticleBody, ContentArticle, useContentPage } from "../../blog/index.ts";

export default function PartnerPage() {
  const { partner: slug = "" } = useParams<{ partner: string }>();
  const language = useActiveLocale();
  const content = useContentPage<Partner>({ kind: "partner", slug, language });
  return (
    <ContentArticle
      content={content}
      titleOf={(partner) => partner.name}
      back={{ href: paths.partners, label: <Trans>All partners</Trans> }}
      className="article partner-article"
    >
      {(partner) => (
        <>
          <header className="article-header partner-header" lang={partner.language} dir={partner.language === "ar" ? "rtl" : "ltr"}>
            <img className="partner-header-logo" src={partner.logo.url} alt={partner.logo.alt} width={1200} height={630} decoding="async" />
            <div>
              <p className="post-meta">{partner.kind}</p>
              <h1>{partner.name}</h1>
              <p className="lead">{partner.summary}</p>
              {partner.website && (
                <a className="button" href={partner.website} target="_blank" rel="noopener noreferrer">
                  <Trans>Visit their website</Trans>
                  <span className="visually-hidden">
                    {" "}
                    <Trans>(opens in a new tab)</Trans>
                  </span>
                </a>
              )}
            </div>
          </header>
          <ArticleBody html={partner.html} language={partner.language} />
        </>
      )}
    </ContentArticle>
  );
}
