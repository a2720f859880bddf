import { useEffect, useId, useRef, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { Email } from "../../shared/ui/Email.tsx";
import { icons } from "../../shared/ui/icons.tsx";
import { useProfile } from "../../shared/actors/hooks.ts";
import { LogoutButton } from "./LogoutButton.tsx";
import { NavLink, type NavItem } from "./NavLink.tsx";

/**
 * The phone's Account tab: a disclosure whose sheet lists the account pages and Log out. The
 * layout keys it by location, so a new page closes it (and AppRouter then focuses that page's
 * heading). Escape, a tap outside or focus leaving close it too; the tab is marked current while
 * an account page is open, with aria-current="true" since the tab itself is not a page.
 */
export function AccountMenu({ items, current }: { items: NavItem[]; current: string }) {
  const { t } = useLingui();
  const profile = useProfile();
  const [open, setOpen] = useState(false);
  const sheetId = useId();
  const tab = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) tab.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    sheet.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      setOpen(false);
      tab.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <div
      className="account-menu"
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close(false);
      }}
    >
      <button
        ref={tab}
        type="button"
        className="nav-link account-tab"
        aria-expanded={open}
        aria-controls={sheetId}
        aria-current={items.some((item) => item.path === current) ? "true" : undefined}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        {icons.profile}
        <span>{t`Account`}</span>
      </button>
      {open && <div className="account-backdrop" aria-hidden="true" onClick={() => close(true)} />}
      <div ref={sheet} id={sheetId} className="account-sheet" hidden={!open}>
        {profile && (
          <p className="account-who">
            <strong>{profile.fullName}</strong>
            <Email>{profile.email}</Email>
          </p>
        )}
        <ul>
          {items.map((item) => (
            <li key={item.path}>
              {/* The page already open does not change the location: close here, back on the tab. */}
              <NavLink item={item} current={current} onClick={() => close(item.path === current)} />
            </li>
          ))}
        </ul>
        <LogoutButton />
      </div>
    </div>
  );
}
