import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { WithdrawAddress } from "../../../../contract/index.ts";
import { networkTexts, stateTexts, timeLeft } from "../lib/texts.ts";

/** Each address with its state and, while it cools off, the time until it can be used. */
export function AddressBook({
  addresses,
  nowMs,
  busy,
  onRename,
  onDelete,
}: {
  addresses: WithdrawAddress[];
  nowMs: number;
  busy: boolean;
  onRename: (id: string, label: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useLingui();
  if (addresses.length === 0)
    return (
      <p className="empty-state">
        <Trans>No addresses yet. Add one below: we e-mail you a link to confirm it.</Trans>
      </p>
    );
  return (
    <ul className="withdraw-addresses" aria-label={t`Your withdrawal addresses`}>
      {addresses.map((address) => (
        <AddressRow key={address.id} address={address} nowMs={nowMs} busy={busy} onRename={onRename} onDelete={onDelete} />
      ))}
    </ul>
  );
}

function AddressRow({
  address,
  nowMs,
  busy,
  onRename,
  onDelete,
}: {
  address: WithdrawAddress;
  nowMs: number;
  busy: boolean;
  onRename: (id: string, label: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [label, setLabel] = useState<string | null>(null);
  const left = address.state === "coolingOff" && address.usableAt ? timeLeft(address.usableAt, nowMs) : null;
  return (
    <li className={`withdraw-address state-${address.state}`} data-testid="address">
      <div className="withdraw-address-main">
        <strong>{address.label}</strong>{" "}
        <span className="muted">
          {address.asset} · {i18n._(networkTexts[address.network])}
        </span>
        <bdi dir="ltr" className="withdraw-address-text">
          {address.address}
          {address.memo !== null && ` · tag ${address.memo}`}
        </bdi>
        <span className="withdraw-state" data-state={address.state}>
          {i18n._(stateTexts[address.state])}
          {left && (
            <>
              {" "}
              <Trans>
                (usable in <bdi dir="ltr">{left.hours}</bdi> h <bdi dir="ltr">{left.minutes}</bdi> min)
              </Trans>
            </>
          )}
        </span>
      </div>
      {label === null ? (
        <div className="withdraw-address-actions">
          <button type="button" className="button button-small" onClick={() => setLabel(address.label)} disabled={busy} aria-label={t`Rename ${address.label}`}>
            <Trans>Rename</Trans>
          </button>
          <button type="button" className="button button-small" onClick={() => onDelete(address.id)} disabled={busy} aria-label={t`Remove ${address.label}`}>
            <Trans>Remove</Trans>
          </button>
        </div>
      ) : (
        <form
          className="withdraw-address-actions"
          onSubmit={(event) => {
            event.preventDefault();
            onRename(address.id, label);
            setLabel(null);
          }}
        >
          <input aria-label={t`New name for ${address.label}`} value={label} maxLength={40} onChange={(event) => setLabel(event.target.value)} required />
          <button type="submit" className="button button-small" disabled={busy}>
            <Trans>Save</Trans>
          </button>
          <button type="button" className="button button-small" onClick={() => setLabel(null)}>
            <Trans>Cancel</Trans>
          </button>
        </form>
      )}
    </li>
  );
}
