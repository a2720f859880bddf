// What the public pages promise, following the trades that exist (contract/tradeKinds.ts): a
// visitor is never told of a trade that the app cannot make yet.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { AVAILABLE_TRADE_KINDS, tradeKindAvailable, type TradeKind } from "../../../../contract/tradeKinds.ts";

type Offer = "buy" | "buySell" | "buyConvert" | "all";

function offerOf(kinds: readonly TradeKind[]): Offer {
  const sell = tradeKindAvailable("sell", kinds);
  const convert = tradeKindAvailable("convert", kinds);
  return sell && convert ? "all" : sell ? "buySell" : convert ? "buyConvert" : "buy";
}

const titles: Record<Offer, MessageDescriptor> = {
  buy: msg`Buy crypto by card`,
  buySell: msg`Buy and sell crypto`,
  buyConvert: msg`Buy and exchange crypto`,
  all: msg`Buy, sell and exchange crypto`,
};

const headlines: Record<Offer, MessageDescriptor> = {
  buy: msg`Buy crypto with confidence`,
  buySell: msg`Buy and sell crypto with confidence`,
  buyConvert: msg`Buy and exchange crypto with confidence`,
  all: msg`Buy, sell and exchange crypto with confidence`,
};

/** The site's description (the home page's, and any page's without one of its own). */
const descriptions: Record<Offer, MessageDescriptor> = {
  buy: msg`Buy Bitcoin, Ethereum and other major crypto by card with Sarraf: live prices, clear fees, in English and Arabic.`,
  buySell: msg`Buy crypto by card and sell it for cash with Sarraf: live prices, clear fees, in English and Arabic.`,
  buyConvert: msg`Buy crypto by card and swap one coin for another with Sarraf: live prices, clear fees, in English and Arabic.`,
  all: msg`Buy crypto by card, sell it for cash or swap one coin for another with Sarraf: live prices, clear fees, in English and Arabic.`,
};

/** The feature card for the trades after buying; none while only buying exists. */
const tradeCards: Record<Offer, { title: MessageDescriptor; body: MessageDescriptor } | null> = {
  buy: null,
  buySell: { title: msg`Sell for cash`, body: msg`Sell to your currency at a clear price.` },
  buyConvert: { title: msg`Exchange coins`, body: msg`Swap one coin for another at a clear price.` },
  all: { title: msg`Sell and exchange`, body: msg`Sell to your currency or swap one coin for another at a clear price.` },
};

/** The home page's title (the tab's), headline, description and trade card, for the trades that exist. */
export function homePromises(kinds: readonly TradeKind[] = AVAILABLE_TRADE_KINDS) {
  const offer = offerOf(kinds);
  return { title: titles[offer], headline: headlines[offer], description: descriptions[offer], tradeCard: tradeCards[offer] };
}
