import { lazy, Suspense } from "react";
import { Link, useLocation } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { SUPPORT_EMAIL } from "../../../contract/vocabulary.ts";
import { paths } from "../../shared/lib/paths.ts";
import "./footer.css";

// Below the fold on every public page: loaded after the first paint, so no page (and no signed-in
// page, whose chunk holds this footer too) waits for the sign-up's code. The placeholder keeps its room.
const NewsletterSignup = lazy(() => import("../../features/public/index.ts").then((feature) => ({ default: feature.NewsletterSignup })));

/** The foot of public and auth pages: the newsletter (public pages), the legal documents, where to write to us, and the risk in one line. */
export function Footer({ newsletter = false }: { newsletter?: boolean }) {
  const { t } = useLingui();
  const email = SUPPORT_EMAIL;
  const year = new Date().getFullYear();
  // Pages that show the sign-up in their content do not show it twice.
  const [location] = useLocation();
  const withSignup = newsletter && ![paths.contact, paths.newsletterConfirm, paths.newsletterUnsubscribe].includes(location as never);
  return (
    <footer className="site-footer">
      {withSignup && (
        <Suspense fallback={<div className="newsletter-placeholder" aria-hidden="true" />}>
          <NewsletterSignup variant="footer" />
        </Suspense>
      )}
      <div className="footer-row">
        <nav aria-label={t`Sarraf`} className="footer-links">
          <Link href={paths.blog}>{t`Blog`}</Link>
          <Link href={paths.contact}>{t`Contact`}</Link>
          <Link href={paths.partners}>{t`Partners`}</Link>
        </nav>
        <nav aria-label={t`Legal`} className="footer-links">
          <Link href={paths.terms}>{t`Terms of Service`}</Link>
          <Link href={paths.privacy}>{t`Privacy Policy`}</Link>
          <Link href={paths.riskDisclosure}>{t`Risk Disclosure`}</Link>
        </nav>
        <p className="footer-support">
          <Trans>
            Support:{" "}
            <bdi dir="ltr" className="footer-email">
              <a href={`mailto:${email}`}>{email}</a>
            </bdi>
          </Trans>
        </p>
      </div>
      <p className="footer-note">
        <Trans>© {year} Sarraf. Crypto assets are volatile; trade only what you can afford to lose.</Trans>
      </p>
    </footer>
  );
}
