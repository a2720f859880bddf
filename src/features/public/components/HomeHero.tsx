import type { ReactNode } from "react";
import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useIsAuthenticated } from "../../../shared/actors/hooks.ts";
import { buyHref, exchangeHref, paths } from "../../../shared/lib/paths.ts";
import { useTradeKinds } from "../../../shared/lib/tradeKinds.ts";
import { tradeKindAvailable } from "../../../../contract/tradeKinds.ts";
import { homePromises } from "../lib/promises.ts";
import type { HomeFacts } from "../lib/homeFacts.ts";

/** The first screen: what Sarraf does (the headline, the page's largest paint), the way in, and live prices beside it. */
export function HomeHero({ facts, prices }: { facts: HomeFacts; prices: ReactNode }) {
  const { t, i18n } = useLingui();
  const signedIn = useIsAuthenticated();
  const kinds = useTradeKinds();
  const promises = homePromises(kinds);
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="home-hero-copy">
        <p className="home-eyebrow">{t`Crypto, in English and Arabic`}</p>
        <h1 id="home-title" className="home-title">
          {i18n._(promises.headline)}
        </h1>
        <p className="lead home-lead">
          <Trans>Sarraf is your money changer for digital assets: simple prices, clear fees, in your language.</Trans>
        </p>
        <div className="hero-actions">
          {signedIn ? (
            // Signed in: the way into the app, not an offer to sign up again.
            <>
              <Link href={paths.dashboard} className="button button-primary button-large">{t`Go to your dashboard`}</Link>
              {tradeKindAvailable("sell", kinds) || tradeKindAvailable("convert", kinds) ? (
                <Link href={exchangeHref()} className="button button-ghost button-large">{t`Exchange`}</Link>
              ) : (
                <Link href={buyHref("BTC")} className="button button-ghost button-large">{t`Buy crypto`}</Link>
              )}
            </>
          ) : (
            <>
              <Link href={paths.signup} className="button button-primary button-large">{t`Create a free account`}</Link>
              <Link href={paths.login} className="button button-ghost button-large">{t`Log in`}</Link>
            </>
          )}
        </div>
        <ul className="home-proof" aria-label={t`At a glance`}>
          <li>{t`Card buys from ${facts.cardMin}`}</li>
          <li>{t`${facts.cardFee} fee on card buys, shown before you pay`}</li>
          <li>{t`Prices in USD, EUR, AED and SAR`}</li>
        </ul>
      </div>
      {prices}
    </section>
  );
}
