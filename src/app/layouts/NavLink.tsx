import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { icons } from "../../shared/ui/icons.tsx";
import { exchangeHref, paths } from "../../shared/lib/paths.ts";
import { useTradeKinds } from "../../shared/lib/tradeKinds.ts";
import { tradeKindAvailable } from "../../../contract/tradeKinds.ts";

export interface NavItem {
  href: string;
  path: string;
  label: string;
  icon: keyof typeof icons;
}

/** A page of the dashboard; the one open is marked for assistive technology and by its style. */
export function NavLink({ item, current, onClick }: { item: NavItem; current: string; onClick?: () => void }) {
  // A page under this one (an asset on the market) keeps its section marked.
  const active = current === item.path ? "page" : current.startsWith(`${item.path}/`) ? "true" : undefined;
  return (
    <Link href={item.href} className="nav-link" aria-current={active} onClick={onClick}>
      {icons[item.icon]}
      <span>{item.label}</span>
    </Link>
  );
}

/**
 * The dashboard's pages. The sidebar lists every trading page; the phone's bottom bar has room for
 * four, and buying is one tap away on it: the Buy page while buying is the only trade, the Exchange
 * (whose ticket buys, sells and converts) once selling or converting exists. The account pages sit
 * behind the bar's Account tab.
 */
export function useNavItems(): { trading: NavItem[]; bar: NavItem[]; account: NavItem[] } {
  const { t } = useLingui();
  const dashboard: NavItem = { href: paths.dashboard, path: paths.dashboard, label: t`Dashboard`, icon: "dashboard" };
  const market: NavItem = { href: paths.market, path: paths.market, label: t`Market`, icon: "market" };
  const buy: NavItem = { href: paths.buy, path: paths.buy, label: t`Buy`, icon: "buy" };
  const exchange: NavItem = { href: exchangeHref(), path: paths.exchange, label: t`Exchange`, icon: "exchange" };
  const portfolio: NavItem = { href: paths.portfolio, path: paths.portfolio, label: t`Portfolio`, icon: "portfolio" };
  const kinds = useTradeKinds();
  const exchangeTrades = tradeKindAvailable("sell", kinds) || tradeKindAvailable("convert", kinds);
  return {
    trading: [dashboard, market, buy, exchange, portfolio],
    bar: [dashboard, market, exchangeTrades ? exchange : buy, portfolio],
    account: [
      { href: paths.profile, path: paths.profile, label: t`Profile`, icon: "profile" },
      { href: paths.kyc, path: paths.kyc, label: t`Identity verification`, icon: "kyc" },
      { href: paths.withdrawals, path: paths.withdrawals, label: t`Withdrawals`, icon: "withdrawals" },
      // The history sits with the account pages: the phone's bottom bar has no room for a fifth page.
      { href: paths.history, path: paths.history, label: t`Transaction history`, icon: "history" },
    ],
  };
}
