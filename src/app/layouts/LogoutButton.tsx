import { useLingui } from "@lingui/react/macro";
import { icons } from "../../shared/ui/icons.tsx";
import { useAppActor } from "../../shared/actors/context.tsx";
import { useIsLoggingOut } from "../../shared/actors/hooks.ts";

/** Ends the session; says so while the server is asked. */
export function LogoutButton() {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const busy = useIsLoggingOut();
  return (
    <button type="button" className="nav-link logout" onClick={() => auth.send({ type: "auth.logout" })} disabled={busy} aria-busy={busy}>
      {icons.logout}
      <span>{busy ? t`Logging out…` : t`Log out`}</span>
    </button>
  );
}
