import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { useLingui } from "@lingui/react/macro";
import { useIsAuthenticated } from "../../../shared/actors/hooks.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { FeesAndSecurity } from "../components/FeesAndSecurity.tsx";
import { HomeFeatures } from "../components/HomeFeatures.tsx";
import { HomeHero } from "../components/HomeHero.tsx";
import { HowItWorks } from "../components/HowItWorks.tsx";
import { PricesPlaceholder } from "../components/PricesPlaceholder.tsx";
import { homeFacts } from "../lib/homeFacts.ts";
import "../home.css";

// The prices' code (the market's feed and badges) is a chunk of its own, loaded after the page is
// drawn: the prerendered panel stays as it is until it arrives.
const LivePrices = lazy(() => import("../components/LivePrices.tsx").then((module) => ({ default: module.LivePrices })));

export default function HomePage() {
  const { t, i18n } = useLingui();
  const signedIn = useIsAuthenticated();
  const facts = homeFacts(i18n.locale);
  return (
    <div className="home">
      <HomeHero
        facts={facts}
        prices={
          <Suspense fallback={<PricesPlaceholder />}>
            <LivePrices />
          </Suspense>
        }
      />
      <HowItWorks facts={facts} />
      <HomeFeatures />
      <FeesAndSecurity facts={facts} />
      {/* The newsletter's sign-up is in the public layout's footer, on this page too (Footer.tsx). */}
      {!signedIn && (
        <section className="home-closing" aria-labelledby="home-closing-title">
          <h2 id="home-closing-title">{t`Ready for your first buy?`}</h2>
          <p>{t`Open your account in a minute. No fee to sign up.`}</p>
          <Link href={paths.signup} className="button button-primary button-large">{t`Get started`}</Link>
        </section>
      )}
    </div>
  );
}
