import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import { useIsAuthenticated } from "../../../shared/actors/hooks.ts";
import { exchangeHref, paths } from "../../../shared/lib/paths.ts";

export default function HomePage() {
  const { t } = useLingui();
  const signedIn = useIsAuthenticated();
  const features = [
    { title: t`Buy with your card`, body: t`Pay by card through our on-ramp partner and receive crypto in your account.` },
    { title: t`Sell and exchange`, body: t`Sell to your currency or swap one coin for another at a clear price.` },
    { title: t`Track your portfolio`, body: t`See what you hold, what it is worth, and every order you placed.` },
    { title: t`English and Arabic`, body: t`Every screen in both languages, right-to-left when you choose Arabic.` },
  ];
  return (
    <>
      <section className="hero">
        <h1>
          <Trans>Buy, sell and exchange crypto with confidence</Trans>
        </h1>
        <p className="lead">
          <Trans>Sarraf is your money changer for digital assets: simple prices, clear fees, in your language.</Trans>
        </p>
        <div className="hero-actions">
          {signedIn ? (
            // Signed in: the way into the app, not an offer to sign up again.
            <>
              <Link href={paths.dashboard} className="button button-primary button-large">{t`Go to your dashboard`}</Link>
              <Link href={exchangeHref()} className="button button-ghost button-large">{t`Exchange`}</Link>
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
