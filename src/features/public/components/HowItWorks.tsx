import { useLingui } from "@lingui/react/macro";
import type { HomeFacts } from "../lib/homeFacts.ts";

/** How buying works, in the three steps the app really takes (sign-up, the card on-ramp, the credit). */
export function HowItWorks({ facts }: { facts: HomeFacts }) {
  const { t } = useLingui();
  const steps = [
    {
      title: t`Create your free account`,
      body: t`Sign up with your e-mail, or with Google, Apple or Facebook, and enter the code we e-mail you.`,
    },
    {
      title: t`Pay by card`,
      body: t`Pick a coin and an amount from ${facts.cardMin} to ${facts.cardMax}. You see the price, our fee and exactly what you will receive before you pay.`,
    },
    {
      title: t`Receive your crypto`,
      body: t`When the card payment completes, the coins are in your Sarraf balance. Every order and its status is in your portfolio.`,
    },
  ];
  return (
    <section className="home-section" aria-labelledby="home-steps-title">
      <h2 id="home-steps-title" className="home-section-title">
        {t`How buying works`}
      </h2>
      <ol className="home-steps">
        {steps.map((step, index) => (
          <li key={step.title} className="card home-step">
            <span className="home-step-number" aria-hidden="true">
              <bdi dir="ltr">{index + 1}</bdi>
            </span>
            <h3>{step.title}</h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
      <p className="home-section-note">{t`Card buys above ${facts.kycThreshold} need a verified identity, which takes a few minutes in the app.`}</p>
    </section>
  );
}
