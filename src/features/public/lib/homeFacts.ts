// The home page's numbers, worded from the server's own settings (contract/siteFacts.ts via the
// page's site settings): fees as percentages, limits in dollars, digits kept left-to-right.
import { formatMoney } from "../../../shared/lib/money.ts";
import { siteConfig } from "../../../shared/lib/siteConfig.ts";
import type { SiteFacts } from "../../../../contract/siteFacts.ts";

/** 150 → "1.5%", 25 → "0.25%", 10 → "0.1%". */
export const percentOfBps = (bps: number) => `${(bps / 100).toString()}%`;

const dollars = (value: string | number, locale: string, decimals = 0) => formatMoney({ asset: "USD", value: String(value) }, { locale, decimals });

export interface HomeFacts {
  cardFee: string;
  cardMin: string;
  cardMax: string;
  spread: string;
  tradeFee: string;
  tradeFeeMin: string;
  quoteSeconds: number;
  kycThreshold: string;
  coolingOffHours: number;
}

export function homeFacts(locale: string, facts: SiteFacts = siteConfig().facts): HomeFacts {
  return {
    cardFee: percentOfBps(facts.cardFeeBps),
    cardMin: dollars(facts.cardMinUsd, locale),
    cardMax: dollars(facts.cardMaxUsd, locale),
    spread: percentOfBps(facts.spreadBps),
    tradeFee: percentOfBps(facts.tradeFeeBps),
    tradeFeeMin: dollars(facts.tradeFeeMinUsd, locale, 2),
    quoteSeconds: facts.quoteSeconds,
    kycThreshold: dollars(facts.kycCardThresholdUsd, locale),
    coolingOffHours: facts.withdrawCoolingOffHours,
  };
}
