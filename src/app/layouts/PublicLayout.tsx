import type { ReactNode } from "react";
import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { Brand } from "../../shared/ui/Brand.tsx";
import { LanguageSwitcher } from "../../shared/ui/LanguageSwitcher.tsx";
import { useIsAuthenticated } from "../../shared/actors/hooks.ts";
import { paths } from "../../shared/lib/paths.ts";
import { Footer } from "./Footer.tsx";

/** Plain public pages and partner pages: a simple header and footer, no access check. */
export function PublicLayout({ children, variant = "public" }: { children: ReactNode; variant?: "public" | "partner" }) {
  const { t } = useLingui();
  const signedIn = useIsAuthenticated();
  return (
    <div className={`public-layout layout-${variant}`}>
      <header className="site-header">
        <Brand />
        <nav aria-label={t`Main`} className="site-nav">
          <Link href={paths.blog}>{t`Blog`}</Link>
          <Link href={paths.contact}>{t`Contact`}</Link>
          <Link href={paths.partners}>{t`Partners`}</Link>
        </nav>
        <div className="header-actions">
          <LanguageSwitcher />
          {signedIn ? (
            <Link href={paths.dashboard} className="button button-primary">{t`Dashboard`}</Link>
          ) : (
            <>
              <Link href={paths.login} className="button button-ghost">{t`Log in`}</Link>
              <Link href={paths.signup} className="button button-primary">{t`Sign up`}</Link>
            </>
          )}
        </div>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <Footer newsletter />
    </div>
  );
}
