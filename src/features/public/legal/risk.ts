import { msg } from "@lingui/core/macro";
import type { LegalText } from "./document.ts";

// The Risk Disclosure: what can go wrong with crypto, said before anyone buys. A change here is a
// new TERMS_VERSION (contract/legal.ts).
export const risk: LegalText = {
  title: msg`Risk Disclosure`,
  lead: msg`Buying and holding crypto can lose you money. Please read this page before you use Sarraf.`,
  sections: [
    {
      id: "risk-volatility",
      title: msg`Prices are volatile`,
      body: [
        msg`The price of a cryptocurrency can rise or fall sharply within minutes, and it can fall to zero. Past prices do not tell you what future prices will be.`,
        msg`You can lose some or all of the money you put in.`,
      ],
    },
    {
      id: "risk-afford",
      title: msg`Only use money you can afford to lose`,
      body: [msg`Do not buy crypto with money you need for living costs, debts or emergencies, and do not borrow to buy it.`],
    },
    {
      id: "risk-protection",
      title: msg`Crypto is not a bank deposit`,
      body: [
        msg`Crypto held with Sarraf is not a bank deposit. It is usually not covered by deposit insurance or investor compensation schemes, and no government or central bank stands behind its value.`,
      ],
    },
    {
      id: "risk-advice",
      title: msg`We do not give advice`,
      body: [
        msg`Sarraf does not tell you what to buy or sell, or when. Prices, charts, portfolio figures and articles are information only. Make your own decisions, and get independent advice if you need it.`,
      ],
    },
    {
      id: "risk-final",
      title: msg`Transfers cannot be undone`,
      body: [
        msg`Blockchain transfers cannot be reversed. Crypto sent to a wrong address or on a wrong network is usually lost for good. Check every withdrawal carefully before you confirm it.`,
      ],
    },
    {
      id: "risk-liquidity",
      title: msg`You may not always be able to sell at the price you expect`,
      body: [
        msg`In a fast market, or for a less traded coin, it may be hard or impossible to sell at the price you see. A quote is valid only for a short time, and the next one may be worse.`,
      ],
    },
    {
      id: "risk-figures",
      title: msg`Portfolio figures are estimates`,
      body: [
        msg`The values and the profit or loss shown in your portfolio are estimates at current prices, before fees and taxes. They are not what you would receive if you sold now.`,
      ],
    },
    {
      id: "risk-technology",
      title: msg`Technology and security`,
      body: [
        msg`Networks can be slow or fail, software can have faults, and accounts can be attacked. Use a strong password that you use nowhere else, keep your e-mail account safe, and never share your codes: Sarraf will never ask you for them.`,
      ],
    },
    {
      id: "risk-law",
      title: msg`Laws and taxes`,
      body: [
        msg`The rules for crypto differ from country to country and can change. A change may affect whether you can buy, sell or withdraw. You are responsible for any tax on your gains.`,
      ],
    },
  ],
};
