import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { NETWORKS, networksOf, WITHDRAWABLE_ASSETS, type WithdrawNetwork } from "../../../../contract/index.ts";
import type { Failure } from "../../../../machines/failure.ts";
import { Field, FormAlert } from "../../../shared/ui/form.tsx";
import { fieldProblem, networkTexts } from "../lib/texts.ts";

/** A new address: its asset and network first (they decide what the address must look like), then the address. */
export function AddAddressForm({
  busy,
  failure,
  onAdd,
}: {
  busy: boolean;
  failure: Failure | null;
  onAdd: (body: { label: string; asset: string; network: WithdrawNetwork; address: string; memo?: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const [asset, setAsset] = useState("BTC");
  const [network, setNetwork] = useState<WithdrawNetwork>("bitcoin");
  const [label, setLabel] = useState("");
  const [address, setAddress] = useState("");
  const [memo, setMemo] = useState("");
  const networks = networksOf(asset);
  const takesTag = NETWORKS[network].memo === "tag";
  return (
    <form
      className="withdraw-card"
      aria-labelledby="add-address-title"
      onSubmit={(event) => {
        event.preventDefault();
        onAdd({ label, asset, network, address, ...(takesTag && memo.trim() !== "" ? { memo } : {}) });
      }}
    >
      <h3 id="add-address-title">
        <Trans>Add an address</Trans>
      </h3>
      <div className="withdraw-row">
        <label className="field">
          <span>
            <Trans>Asset</Trans>
          </span>
          <select
            value={asset}
            onChange={(event) => {
              setAsset(event.target.value);
              setNetwork(networksOf(event.target.value)[0]!);
            }}
          >
            {WITHDRAWABLE_ASSETS.map((symbol) => (
              <option key={symbol}>{symbol}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>
            <Trans>Network</Trans>
          </span>
          <select value={network} onChange={(event) => setNetwork(event.target.value as WithdrawNetwork)}>
            {networks.map((each) => (
              <option key={each} value={each}>
                {i18n._(networkTexts[each])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Field
        label={t`Name`}
        name="label"
        value={label}
        maxLength={40}
        required
        onChange={(event) => setLabel(event.target.value)}
        error={fieldProblem(i18n, failure, "label")}
      />
      <Field
        label={t`Address`}
        name="address"
        value={address}
        dir="ltr"
        spellCheck={false}
        autoCapitalize="none"
        required
        onChange={(event) => setAddress(event.target.value)}
        error={fieldProblem(i18n, failure, "address") ?? fieldProblem(i18n, failure, "network")}
      />
      {takesTag && (
        <Field
          label={t`Destination tag (if your wallet or exchange gave you one)`}
          name="memo"
          value={memo}
          dir="ltr"
          inputMode="numeric"
          onChange={(event) => setMemo(event.target.value)}
          error={fieldProblem(i18n, failure, "memo")}
        />
      )}
      <FormAlert failure={failure} />
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        <Trans>Add address</Trans>
      </button>
    </form>
  );
}
