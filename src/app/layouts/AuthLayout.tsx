import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { Brand } from "../../shared/ui/Brand.tsx";
import { LanguageSwitcher } from "../../shared/ui/LanguageSwitcher.tsx";
import { useIsAuthenticated } from "../../shared/actors/hooks.ts";
import { paths } from "../../shared/lib/paths.ts";
import { Footer } from "./Footer.tsx";

/** Auth pages: an authenticated user has nothing to do here and goes to the dashboard. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const signedIn = useIsAuthenticated();
  if (signedIn) return <Redirect to={paths.dashboard} replace />;
  return (
    <div className="auth-layout">
      <header className="auth-header">
        <Brand />
        <LanguageSwitcher />
      </header>
      <main id="main" className="auth-card">
        {children}
      </main>
      <Footer />
    </div>
  );
}
