import type { ReactNode } from "react";
import { Link, Redirect, useLocation } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { Brand } from "../../shared/ui/Brand.tsx";
import { LanguageSwitcher } from "../../shared/ui/LanguageSwitcher.tsx";
import { icons } from "../../shared/ui/icons.tsx";
import { useAppActor } from "../../shared/actors/context.tsx";
import { useIsAuthenticated, useIsLoggingOut } from "../../shared/actors/hooks.ts";
import { exchangeHref, paths } from "../../shared/lib/paths.ts";

interface NavItem {
  href: string;
  path: string;
  label: string;
  icon: keyof typeof icons;
}

function NavLink({ item, current }: { item: NavItem; current: string }) {
  const active = current === item.path;
  return (
    <Link href={item.href} className="nav-link" aria-current={active ? "page" : undefined}>
      {icons[item.icon]}
      <span>{item.label}</span>
    </Link>
  );
}

function LogoutButton({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const busy = useIsLoggingOut();
  return (
    <button
      type="button"
      className={compact ? "icon-button" : "nav-link logout"}
      onClick={() => auth.send({ type: "auth.logout" })}
      disabled={busy}
      aria-busy={busy}
      aria-label={compact ? t`Log out` : undefined}
    >
      {icons.logout}
      {!compact && <span>{busy ? t`Logging out…` : t`Log out`}</span>}
    </button>
  );
}

/** Dashboard pages: sidebar on desktop, bottom bar on phones; visitors go to /login. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const signedIn = useIsAuthenticated();
  if (!signedIn) return <Redirect to={paths.login} replace />;

  const trading: NavItem[] = [
    { href: paths.dashboard, path: paths.dashboard, label: t`Dashboard`, icon: "dashboard" },
    { href: paths.market, path: paths.market, label: t`Market`, icon: "market" },
    { href: exchangeHref(), path: paths.exchange, label: t`Exchange`, icon: "exchange" },
    { href: paths.portfolio, path: paths.portfolio, label: t`Portfolio`, icon: "portfolio" },
  ];
  const account: NavItem[] = [
    { href: paths.profile, path: paths.profile, label: t`Profile`, icon: "profile" },
    { href: paths.kyc, path: paths.kyc, label: t`Identity verification`, icon: "kyc" },
    { href: paths.withdrawals, path: paths.withdrawals, label: t`Withdrawals`, icon: "withdrawals" },
  ];

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
          <LanguageSwitcher />
          <LogoutButton />
        </div>
      </aside>
      <header className="mobile-header">
        <Brand href={paths.dashboard} />
        <div className="header-actions">
          <LanguageSwitcher />
          <Link href={paths.profile} className="icon-button" aria-label={t`Profile`}>
            {icons.profile}
          </Link>
          <LogoutButton compact />
        </div>
      </header>
      <main id="main" className="dashboard-main">
        {children}
      </main>
      <nav aria-label={t`Trading`} className="bottom-bar">
        {trading.map((item) => (
          <NavLink key={item.path} item={item} current={location} />
        ))}
      </nav>
    </div>
  );
}
