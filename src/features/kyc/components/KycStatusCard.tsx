import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { paths } from "../../../../contract/pages.ts";
import { useKycCheck } from "../hooks.ts";
import { kycStatusText } from "../lib/texts.ts";

/** The profile's line about identity verification: where it stands and the way to the page. */
export function KycStatusCard() {
  const { i18n } = useLingui();
  const check = useKycCheck();
  return (
    <section className="card" aria-labelledby="kyc-status-heading">
      <h2 id="kyc-status-heading">
        <Trans>Identity verification</Trans>
      </h2>
      {check ? (
        <p>
          <span className={`badge ${check.status === "approved" ? "badge-ok" : ""}`}>{kycStatusText(i18n, check.status)}</span>{" "}
          {check.status !== "approved" && (
            <Link href={paths.kyc}>{check.status === "pending" ? <Trans>See the review</Trans> : <Trans>Verify your identity</Trans>}</Link>
          )}
        </p>
      ) : (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      )}
    </section>
  );
}

/**
 * The Buy page's word on the verification gate, before an order is filled: card buys above the
 * threshold need a verified identity, with the way to verify. Nothing once verified.
 */
export function KycBuyGate() {
  const check = useKycCheck();
  if (!check || check.status === "approved") return null;
  // Digits and grouping stay Latin and left to right in Arabic too, like every amount.
  const threshold = Number(check.cardBuyThresholdUsd).toLocaleString("en-US");
  return (
    <p className="card kyc-gate" role="note">
      <Trans>
        Card buys above <bdi dir="ltr">${threshold}</bdi> (or the same in your currency) need a verified identity.
      </Trans>{" "}
      {check.status === "pending" ? (
        <Link href={paths.kyc}>
          <Trans>Your verification is under review.</Trans>
        </Link>
      ) : (
        <Link href={paths.kyc}>
          <Trans>Verify your identity</Trans>
        </Link>
      )}
    </p>
  );
}
