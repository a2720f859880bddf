import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { paths } from "../../../shared/lib/paths.ts";
import { useTradeKinds } from "../../../shared/lib/tradeKinds.ts";
import { tradeKindAvailable } from "../../../../contract/tradeKinds.ts";
import type { HomeFacts } from "../lib/homeFacts.ts";

/** Fees and safeguards in plain words, every number the server's own setting. */
export function FeesAndSecurity({ facts }: { facts: HomeFacts }) {
  const { t } = useLingui();
  const kinds = useTradeKinds();
  const trades = tradeKindAvailable("sell", kinds) || tradeKindAvailable("convert", kinds);
  const fees = [
    t`Card buys: a ${facts.cardFee} fee, taken from the crypto you receive and shown before you pay. Orders from ${facts.cardMin} to ${facts.cardMax}.`,
    ...(trades
      ? [
          t`Selling and converting: our price is ${facts.spread} either side of the market's mid price, plus a ${facts.tradeFee} fee (at least ${facts.tradeFeeMin}). A quote holds its price for ${facts.quoteSeconds} seconds.`,
        ]
      : []),
    t`No fee to open an account or to hold crypto. A withdrawal's network fee is shown before you confirm it.`,
  ];
  const safeguards = [
    t`Your password is stored only as a strong one-way hash, and you can sign in with a code e-mailed to you instead.`,
    t`Every withdrawal is confirmed with a code e-mailed to you, and a new address can be used only ${facts.coolingOffHours} hours after you confirm it.`,
    t`Identity verification before card buys above ${facts.kycThreshold} and before any withdrawal.`,
    t`Every balance is kept in a double-entry ledger: each movement is recorded on both sides, and no balance can go below zero.`,
    t`You are signed out after 15 minutes without activity.`,
  ];
  return (
    <section className="home-section home-trust" aria-labelledby="home-trust-title">
      <h2 id="home-trust-title" className="home-section-title">
        {t`Fees and security, in plain words`}
      </h2>
      <div className="home-trust-grid">
        <article className="card home-trust-card">
          <h3>{t`What you pay`}</h3>
          <ul className="home-checks">
            {fees.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </article>
        <article className="card home-trust-card">
          <h3>{t`How your account is protected`}</h3>
          <ul className="home-checks">
            {safeguards.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </article>
      </div>
      <p className="home-section-note">
        {t`Crypto prices move fast and you can lose what you put in.`} <Link href={paths.riskDisclosure}>{t`Read the risk disclosure`}</Link>
      </p>
    </section>
  );
}
