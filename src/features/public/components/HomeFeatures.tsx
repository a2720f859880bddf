import { useLingui } from "@lingui/react/macro";
import { useTradeKinds } from "../../../shared/lib/tradeKinds.ts";
import { homePromises } from "../lib/promises.ts";

/** What a signed-up user can do, following the trades that exist (promises.ts). */
export function HomeFeatures() {
  const { t, i18n } = useLingui();
  const promises = homePromises(useTradeKinds());
  const features = [
    { title: t`Buy with your card`, body: t`Pay by card through our on-ramp partner and receive crypto in your account.` },
    ...(promises.tradeCard ? [{ title: i18n._(promises.tradeCard.title), body: i18n._(promises.tradeCard.body) }] : []),
    { title: t`Track your portfolio`, body: t`See what you hold, what it is worth, and every order you placed.` },
    { title: t`English and Arabic`, body: t`Every screen in both languages, right-to-left when you choose Arabic.` },
  ];
  return (
    <section className="home-section" aria-labelledby="home-features-title">
      <h2 id="home-features-title" className="home-section-title">
        {t`What you can do`}
      </h2>
      <div className="feature-grid">
        {features.map((feature) => (
          <article key={feature.title} className="card">
            <h3>{feature.title}</h3>
            <p>{feature.body}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
