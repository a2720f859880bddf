import "../withdrawals.css";
import { useEffect, useState } from "react";
import { Money } from "../../../shared/ui/Money.tsx";
import { Trans, useLingui } from "@lingui/react/macro";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { FormAlert } from "../../../shared/ui/form.tsx";
import { AddAddressForm } from "../components/AddAddressForm.tsx";
import { Gates } from "../components/Gates.tsx";
import { AddressBook } from "../components/AddressBook.tsx";
import { WithdrawalList } from "../components/WithdrawalList.tsx";
import { WithdrawForm } from "../components/WithdrawForm.tsx";
import { useAddressBook, useWithdrawal } from "../hooks/useWithdrawals.ts";

/** The server's clock now, from its last answer: countdowns do not trust the device's clock. */
function useServerNow(serverNow: string | undefined) {
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (serverNow) setOffset(Date.parse(serverNow) - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now + offset;
}

export default function WithdrawalsPage() {
  const { t } = useLingui();
  const book = useAddressBook();
  const flow = useWithdrawal();
  const list = book.list;
  const nowMs = useServerNow(list?.status.serverNow);
  const blocked = !!list && (list.status.frozen || list.status.lockedUntil !== null || !list.status.kycApproved);
  const submitted = flow.has("submitted");
  const refresh = book.refresh;
  useEffect(() => {
    if (submitted) refresh();
  }, [submitted, refresh]);

  return (
    <>
      <PageHeader
        title={<Trans>Withdrawals</Trans>}
        lead={<Trans>Send crypto to your own wallet. New addresses are confirmed by e-mail and can be used after a cooling-off period.</Trans>}
      />
      {book.has("loading") && <p aria-busy="true">{t`Loading…`}</p>}
      {book.has("failed") && (
        <>
          <FormAlert failure={book.failure} />
          <button type="button" className="button" onClick={book.retry}>
            <Trans>Try again</Trans>
          </button>
        </>
      )}
      {list && (
        <>
          <Gates status={list.status} />
          <div className="withdraw-grid">
            <section className="withdraw-card" aria-labelledby="book-title">
              <h2 id="book-title">
                <Trans>Address book</Trans>
              </h2>
              <AddressBook
                addresses={list.addresses}
                nowMs={nowMs}
                busy={book.has("saving")}
                onRename={(id, label) => book.change({ kind: "rename", id, label })}
                onDelete={(id) => book.change({ kind: "delete", id })}
              />
              {book.changed === "add" && (
                <p role="status">
                  <Trans>Address added. Open the link we e-mailed you within an hour to confirm it.</Trans>
                </p>
              )}
              {/* Frozen: no address can be added (the notice above says so), so no form invites one. */}
              {!list.status.frozen && (
                <AddAddressForm busy={book.has("saving")} failure={book.changeFailure} onAdd={(body) => book.change({ kind: "add", body })} />
              )}
            </section>
            <section className="withdraw-card" aria-labelledby="send-title">
              <h2 id="send-title">
                <Trans>Send</Trans>
              </h2>
              <p className="muted">
                <Trans>
                  Limits: <Money amount={{ asset: "USD", value: list.status.limits.perWithdrawalUsd }} /> per withdrawal,{" "}
                  <Money amount={{ asset: "USD", value: list.status.limits.dailyUsd }} /> in 24 hours (used:{" "}
                  <Money amount={{ asset: "USD", value: list.status.limits.usedTodayUsd }} />
                  ).
                </Trans>
              </p>
              <WithdrawForm flow={flow} addresses={list.addresses} available={list.available} blocked={blocked} />
              <h2>
                <Trans>Latest withdrawals</Trans>
              </h2>
              <WithdrawalList withdrawals={list.withdrawals} />
            </section>
          </div>
        </>
      )}
    </>
  );
}
