import { msg } from "@lingui/core/macro";
import type { LegalText } from "./document.ts";

// The Terms of Service, in plain words: what Sarraf does, what it asks of you, and where its
// responsibility ends. A change here is a new TERMS_VERSION (contract/legal.ts).
export const terms: LegalText = {
  title: msg`Terms of Service`,
  lead: msg`These terms are the agreement between you and Sarraf when you use our website and app. We have tried to keep them short and clear.`,
  sections: [
    {
      id: "terms-about",
      title: msg`About these terms`,
      body: [
        msg`By creating an account you accept these terms, our Privacy Policy and our Risk Disclosure. Together they are the whole agreement between you and Sarraf.`,
        msg`We publish these terms in English and Arabic. If the two versions ever differ, the English text applies, and we will correct the other.`,
      ],
    },
    {
      id: "terms-service",
      title: msg`What Sarraf does`,
      body: [
        msg`Sarraf lets you buy, sell and exchange cryptocurrencies, follow the value of what you hold, and withdraw crypto to a wallet of your own.`,
        msg`When you buy with a card, the payment is handled by our card on-ramp partner, a separate company. It processes your card and may run its own checks.`,
        msg`Sarraf does not give investment, financial, legal or tax advice. Prices, charts and articles on Sarraf are information, not a recommendation to buy or sell anything.`,
      ],
    },
    {
      id: "terms-eligibility",
      title: msg`Who can use Sarraf`,
      body: [
        msg`You must be at least 18 years old and able to enter into a binding agreement. You may not use Sarraf where the law of your country does not allow it.`,
        msg`Use Sarraf for yourself only, with one account, and give us true information about yourself. Keep it up to date.`,
      ],
    },
    {
      id: "terms-account",
      title: msg`Your account and its security`,
      body: [
        msg`You can sign in with a password, with a code we send to your e-mail, or with Google, Apple or Facebook. Each way is only as safe as the e-mail or provider account behind it.`,
        msg`Keep your password and your e-mail codes to yourself: anyone who signs in to your account can act in it. Sarraf will never ask you for a code. If you think someone else has access, write to us at once.`,
      ],
    },
    {
      id: "terms-verification",
      title: msg`Identity checks`,
      body: [
        msg`The law requires us to know who our customers are, to fight money laundering, fraud and the financing of terrorism. Before some actions, such as withdrawals or larger buys, we ask you to verify your identity with an official document and a photo.`,
        msg`We may refuse, limit or close an account that cannot be verified, or when the law requires it.`,
      ],
    },
    {
      id: "terms-orders",
      title: msg`Buying, selling and exchanging`,
      body: [
        msg`Before you confirm an order we show you the price, what you pay and what you receive, including any fee of ours. A price quote is valid only for the short time shown with it; after that we ask you to confirm a new one.`,
        msg`A completed order cannot be cancelled or reversed. If our card partner declines or cancels a card payment, no crypto is added to your account.`,
        msg`Our card partner and the blockchain networks may charge their own fees; they are shown at their step, before you pay.`,
      ],
    },
    {
      id: "terms-withdrawals",
      title: msg`Withdrawals`,
      body: [
        msg`You are responsible for the wallet address and the network you give us. Crypto sent to a wrong address or network usually cannot be recovered by anyone, including us.`,
        msg`A withdrawal may be delayed by security checks or by the network. We show the network fee before you confirm.`,
      ],
    },
    {
      id: "terms-use",
      title: msg`What you may not do`,
      body: [
        {
          list: [
            msg`Use Sarraf for anything illegal, such as money laundering, fraud, financing terrorism or avoiding sanctions.`,
            msg`Use someone else's account, card or identity, or let someone else use yours.`,
            msg`Try to break into Sarraf, overload it, or get around its limits.`,
          ],
        },
        msg`We may pause an account while we look into activity that seems to break these rules, and close it if it does.`,
      ],
    },
    {
      id: "terms-changes",
      title: msg`Availability and changes`,
      body: [
        msg`We work to keep Sarraf running, but it may be unavailable at times, for maintenance or for reasons outside our control. We may change or remove features.`,
        msg`We may change these terms. Each version has its own date, shown at the top of this page. We tell you about important changes by e-mail or in the app before they apply, and ask you to accept them. If you do not accept them, you can close your account.`,
      ],
    },
    {
      id: "terms-closing",
      title: msg`Closing your account`,
      body: [
        msg`You can close your account at any time by writing to us. Withdraw your crypto first, or tell us where to send it.`,
        msg`If we close an account, we let you withdraw what is yours, unless the law forbids it.`,
      ],
    },
    {
      id: "terms-liability",
      title: msg`Our responsibility`,
      body: [
        msg`We provide Sarraf with reasonable care and skill. We are not responsible for losses caused by price movements, by mistakes in what you tell us (such as a wrong withdrawal address), by someone using your devices, e-mail or sign-in details, or by events outside our control.`,
        msg`Nothing in these terms limits a responsibility that the law does not allow us to limit.`,
      ],
    },
  ],
};
