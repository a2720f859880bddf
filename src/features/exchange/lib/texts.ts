// The ticket's words: amounts to the last decimal the asset has, the amount's problems with their
// numbers, and what each ending means. The machine keeps codes only; views look words up here.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Amount } from "../../../../contract/index.ts";
import { QUOTE_CURRENCIES } from "../../../../contract/quotes.ts";
import type { Failure } from "../../../../machines/failure.ts";
import type { TicketProblem, TradeQuoteContext } from "../../../../machines/exchange/tradeQuote.types.ts";
import { failureText } from "../../../shared/i18n/errors.ts";
import { formatDecimal } from "../../../shared/lib/money.ts";
import { fieldErrorText } from "../../../shared/ui/fieldErrors.ts";

const isCurrency = (asset: string) => (QUOTE_CURRENCIES as readonly string[]).includes(asset);

/**
 * An amount exactly, with every decimal its asset has ($100.00, 0.00102603 BTC): padded to
 * `decimals`, never rounded (a value with more digits keeps them all).
 */
export function exactAmount({ asset, value }: Amount, decimals: number): string {
  const [, fraction = ""] = value.split(".");
  const places = Math.max(decimals, fraction.length);
  const padded = places === 0 ? value : `${value.includes(".") ? value : `${value}.`}${"0".repeat(places - fraction.length)}`;
  return isCurrency(asset) ? formatDecimal(padded, asset, places) : `${formatDecimal(padded, null, places)} ${asset}`;
}

/** A number in words' midst, isolated left to right (Arabic). */
const ltr = (text: string) => `\u2066${text}\u2069`;

export interface AmountAbout {
  /** The asset the amount is typed in, and its decimals. */
  symbol: string;
  decimals: number;
  /** What may be spent of the asset given. */
  available: Amount | null;
  limits: TradeQuoteContext["limits"];
  /** Decimals of the asset the limits are in. */
  limitDecimals: number;
}

/** The amount's problem in words that name the numbers, or undefined. */
export function amountErrorText(i18n: I18n, problem: TicketProblem | null, failure: Failure | null, about: AmountAbout): string | undefined {
  const key = problem ?? failure?.fieldKeys.amount ?? null;
  if (!key) return undefined;
  const { limits } = about;
  if (key === "amount.aboveBalance" && about.available) {
    const available = ltr(exactAmount(about.available, about.decimals));
    return i18n._(msg`That is more than you have: ${available} is available.`);
  }
  if (key === "amount.belowMinimum" && limits) {
    const min = ltr(exactAmount(limits.min, about.limitDecimals));
    return i18n._(msg`A trade must be at least ${min}.`);
  }
  if (key === "amount.aboveMaximum" && limits) {
    const max = ltr(exactAmount(limits.max, about.limitDecimals));
    return i18n._(msg`A trade may be at most ${max}.`);
  }
  if (key === "amount.tooManyDecimals" && isCurrency(about.symbol)) return i18n._(msg`Enter whole cents: at most 2 decimal places.`);
  if (key === "amount.tooManyDecimals") {
    const symbol = ltr(about.symbol);
    const decimals = about.decimals;
    return i18n._(msg`${symbol} has ${decimals} decimal places: enter no more than that.`);
  }
  if (key === "amount.aboveBalance") return i18n._(msg`That is more than you have available.`);
  return fieldErrorText(i18n, key);
}

/** What went wrong, for the ticket's endings (the amount's own problems are shown at the field). */
/** How the ticket ended up without a trade: no reply to the accept, a quote that ran out, or a refusal. */
export type Ending = "noReply" | "ranOut" | "refused";

const staleReasons: ReadonlySet<string> = new Set(["pricesUnavailable", "pricesStale"]);

export function endingText(i18n: I18n, { ending, failure }: { ending: Ending; failure: Failure | null }): string {
  if (ending === "noReply")
    return i18n._(
      msg`We did not hear back about this trade, so it may have gone through. Confirm again to find out: it will never be made twice. Or get a new quote.`,
    );
  if (ending === "ranOut") {
    if (failure && failure.reason !== "quoteExpired") {
      const why = failureText(i18n, failure).text;
      return i18n._(msg`This quote ran out and could not be refreshed: ${why}`);
    }
    return i18n._(msg`This quote expired, so nothing was traded. Get a new quote to see the current price.`);
  }
  if (!failure) return i18n._(msg`Something went wrong. Please try again.`);
  if (failure.reason && staleReasons.has(failure.reason))
    return i18n._(msg`Prices are out of date right now, so nothing can be quoted or traded. Please try again in a moment.`);
  return failureText(i18n, failure).text;
}
