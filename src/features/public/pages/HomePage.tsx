import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useIsAuthenticated } from "../../../shared/actors/hooks.ts";
import { buyHref, exchangeHref, paths } from "../../../shared/lib/paths.ts";
import { tradeKindAvailable } from "../../../../contract/tradeKinds.ts";
import { homePromises } from "../lib/promises.ts";

export default function HomePage() {
  const { t, i18n } = useLingui();
  const signedIn = useIsAuthenticated();
  const promises = homePromises();
  const features = [
    { title: t`Buy with your card`, body: t`Pay by card through our on-ramp partner and receive crypto in your account.` },
    ...(promises.tradeCard ? [{ title: i18n._(promises.tradeCard.title), body: i18n._(promises.tradeCard.body) }] : []),
    { title: t`Track your portfolio`, body: t`See what you hold, what it is worth, and every order you placed.` },
    { title: t`English and Arabic`, body: t`Every screen in both languages, right-to-left when you choose Arabic.` },
  ];
  return (
    <>
      <section className="hero">
        <h1>{i18n._(promises.headline)}</h1>
        <p className="lead">
          <Trans>Sarraf is your money changer for digital assets: simple prices, clear fees, in your language.</Trans>
        </p>
        <div className="hero-actions">
          {signedIn ? (
            // Signed in: the way into the app, not an offer to sign up again.
            <>
              <Link href={paths.dashboard} className="button button-primary button-large">{t`Go to your dashboard`}</Link>
              {tradeKindAvailable("sell") || tradeKindAvailable("convert") ? (
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
      </section>
      <section className="feature-grid" aria-label={t`What you can do`}>
        {features.map((feature) => (
          <article key={feature.title} className="card">
            <h2>{feature.title}</h2>
            <p>{feature.body}</p>
          </article>
        ))}
      </section>
    </>
  );
}
