import { Trans, useLingui } from "@lingui/react/macro";
import type { Withdrawal } from "../../../../contract/index.ts";
import { Money } from "../../../shared/ui/Money.tsx";
import { exactDecimals, statusTexts } from "../lib/texts.ts";

/** The latest withdrawals with their status and the network's id; the list refreshes by itself. */
export function WithdrawalList({ withdrawals }: { withdrawals: Withdrawal[] }) {
  const { t, i18n } = useLingui();
  if (withdrawals.length === 0)
    return (
      <p className="empty-state">
        <Trans>No withdrawals yet.</Trans>
      </p>
    );
  return (
    <ul className="withdraw-list" aria-label={t`Your withdrawals`} aria-live="polite">
      {withdrawals.map((w) => (
        <li key={w.id} className="withdraw-item" data-testid="withdrawal">
          <span>
            {/* The arrow points from the amount to the address's name in the reading direction. */}
            <Trans>
              <Money amount={w.amount} decimals={exactDecimals(w.amount.value)} /> to <bdi>{w.label}</bdi>
            </Trans>
          </span>
          <span className="withdraw-status" data-status={w.status}>
            {i18n._(statusTexts[w.status])}
          </span>
          {w.txid && (
            <span className="withdraw-txid" title={w.txid}>
              {t`Network id`}: <bdi dir="ltr">{`${w.txid.slice(0, 10)}…${w.txid.slice(-6)}`}</bdi>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
