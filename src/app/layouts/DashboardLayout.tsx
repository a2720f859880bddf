import { createContext, useContext, type ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { Brand } from "../../shared/ui/Brand.tsx";
import { LanguageSwitcher } from "../../shared/ui/LanguageSwitcher.tsx";
import { useIsAuthenticated, useProfile } from "../../shared/actors/hooks.ts";
import { Avatar } from "../../shared/ui/Avatar.tsx";
import { loginHref, paths } from "../../shared/lib/paths.ts";
import { AccountMenu } from "./AccountMenu.tsx";
import { LogoutButton } from "./LogoutButton.tsx";
import { NavLink, useNavItems } from "./NavLink.tsx";
import "./dashboard-nav.css";

/**
 * True only while the build renders a signed-in page's shell (src/app/prerender.tsx): the layout
 * then renders as for a signed-in user, so a slow phone paints it before any script has run.
 */
export const SignedInShell = createContext(false);

/**
 * Dashboard pages: sidebar on desktop; on phones a bottom bar whose Account tab opens the account
 * pages and Log out, under a header that keeps the language switch in sight (a reader who cannot
 * read the current language still finds it). Visitors go to /login.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const search = useSearch();
  const authenticated = useIsAuthenticated();
  const signedIn = useContext(SignedInShell) || authenticated;
  const { trading, bar, account } = useNavItems();
  const profile = useProfile();
  // The login page is told where the visitor was going, and takes them back there after.
  if (!signedIn) return <Redirect to={loginHref(search ? `${location}?${search}` : location)} replace />;

  return (
    <div className="dashboard-layout">
      <aside className="sidebar">
        <Brand href={paths.dashboard} />
        <nav aria-label={t`Trading`} className="sidebar-nav">
          {trading.map((item) => (
            <NavLink key={item.path} item={item} current={location} />
          ))}
        </nav>
        <nav aria-label={t`Account`} className="sidebar-nav">
          {account.map((item) => (
            <NavLink key={item.path} item={item} current={location} />
          ))}
        </nav>
        <div className="sidebar-footer">
          {profile && (
            <p className="sidebar-user">
              <Avatar profile={profile} size={32} />
              <span>{profile.fullName || profile.email}</span>
            </p>
          )}
          <LanguageSwitcher />
          <LogoutButton />
        </div>
      </aside>
      <header className="mobile-header">
        <Brand href={paths.dashboard} />
        <div className="header-actions">
          <LanguageSwitcher />
          {profile && <Avatar profile={profile} size={28} />}
        </div>
      </header>
      <main id="main" className="dashboard-main">
        {children}
      </main>
      <nav aria-label={t`Main`} className="bottom-bar">
        {bar.map((item) => (
          <NavLink key={item.path} item={item} current={location} />
        ))}
        <AccountMenu key={location} items={account} current={location} />
      </nav>
    </div>
  );
}
