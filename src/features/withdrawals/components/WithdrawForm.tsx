import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Amount, WithdrawAddress } from "../../../../contract/index.ts";
import { CodeField, Field, FormAlert } from "../../../shared/ui/form.tsx";
import { Money } from "../../../shared/ui/Money.tsx";
import type { useWithdrawal } from "../hooks/useWithdrawals.ts";
import { exactDecimals, fieldProblem } from "../lib/texts.ts";

type Flow = ReturnType<typeof useWithdrawal>;

/** The withdraw form: the address, the amount (with its max), the fee and what arrives, then the e-mailed code. */
export function WithdrawForm({ flow, addresses, available, blocked }: { flow: Flow; addresses: WithdrawAddress[]; available: Amount[]; blocked: boolean }) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState("");
  const usable = addresses.filter((address) => address.state === "usable");
  const chosen = addresses.find((address) => address.id === flow.addressId) ?? null;
  const max = chosen ? available.find((each) => each.asset === chosen.asset) : undefined;
  const busy = flow.has("busy");

  if (flow.has("submitted") && flow.withdrawal)
    return (
      <section className="withdraw-card" aria-live="polite">
        <p role="status">
          <Trans>
            Your withdrawal of <Money amount={flow.withdrawal.amount} decimals={exactDecimals(flow.withdrawal.amount.value)} /> is on its way. Follow it in the
            list below.
          </Trans>
        </p>
        <button type="button" className="button" onClick={flow.again}>
          <Trans>New withdrawal</Trans>
        </button>
      </section>
    );

  if (flow.has("awaitingCode"))
    return (
      <form
        className="withdraw-card"
        onSubmit={(event) => {
          event.preventDefault();
          flow.code(code);
        }}
      >
        <p>
          <Trans>We e-mailed you a code. Enter it to confirm this withdrawal.</Trans>
        </p>
        <CodeField label={t`Code from the e-mail`} name="code" value={code} onChange={(event) => setCode(event.target.value)} />
        <FormAlert failure={flow.failure} />
        <div className="withdraw-row">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            <Trans>Confirm withdrawal</Trans>
          </button>
          <button type="button" className="button" onClick={flow.back}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
    );

  const reviewing = flow.has("reviewing") && flow.preview;
  return (
    <form
      className="withdraw-card"
      aria-labelledby="withdraw-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (reviewing) flow.confirm();
        else flow.review();
      }}
    >
      <h3 id="withdraw-title">
        <Trans>Withdraw</Trans>
      </h3>
      <label className="field">
        <span>
          <Trans>To address</Trans>
        </span>
        <select value={flow.addressId} onChange={(event) => flow.edit(event.target.value, flow.amount)} required disabled={blocked}>
          <option value="">{t`Choose an address`}</option>
          {usable.map((address) => (
            <option key={address.id} value={address.id}>
              {address.label} · {address.asset}
            </option>
          ))}
        </select>
      </label>
      <Field
        label={chosen ? t`Amount in ${chosen.asset}` : t`Amount`}
        name="amount"
        value={flow.amount}
        dir="ltr"
        inputMode="decimal"
        required
        disabled={blocked}
        onChange={(event) => flow.edit(flow.addressId, event.target.value)}
        error={fieldProblem(i18n, flow.failure, "amount")}
        hint={
          max ? (
            <Trans>
              Available: <Money amount={max} decimals={exactDecimals(max.value)} />
            </Trans>
          ) : undefined
        }
        addon={
          max ? (
            <button type="button" className="field-toggle" onClick={() => flow.edit(flow.addressId, max.value)}>
              <Trans>Max</Trans>
            </button>
          ) : undefined
        }
      />
      {reviewing && flow.preview && (
        <dl className="withdraw-figures" aria-live="polite">
          <dt>
            <Trans>Network fee</Trans>
          </dt>
          <dd>
            <Money amount={flow.preview.fee} decimals={exactDecimals(flow.preview.fee.value)} />
          </dd>
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd data-testid="receive">
            <Money amount={flow.preview.receive} decimals={exactDecimals(flow.preview.receive.value)} />
          </dd>
          <dt>
            <Trans>Value</Trans>
          </dt>
          <dd>
            <bdi dir="ltr">{flow.preview.usdValue} USD</bdi>
          </dd>
        </dl>
      )}
      <FormAlert failure={flow.failure} />
      <div className="withdraw-row">
        <button type="submit" className="button button-primary" disabled={busy || blocked} aria-busy={busy}>
          {reviewing ? <Trans>Send me the code</Trans> : <Trans>Review fee</Trans>}
        </button>
        {reviewing && (
          <button type="button" className="button" onClick={flow.back}>
            <Trans>Change</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
