// The on-ramp's calls (spec section 7: /user/swipelux/*). Money moves only through the order
// service and the ledger behind it; assets and prices come from the market's catalog.
import {
  ONRAMP_CARD_DECIMALS,
  type BuyQuote,
  type FieldErrorKey,
  type QuoteCurrency,
  type RoutesWithReason,
  type SendOrderBody,
  type ValidationData,
} from "../../../contract/index.ts";
import { decimal, fromMinor, toMinor } from "../../../contract/decimal.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import type { Locale } from "../../platform/i18n/index.ts";
import type { Env } from "../../env.ts";
import type { Catalog } from "../market/index.ts";
import { buyOrdersOf } from "./buy-orders.ts";
import { OrderConflict, OrderUnavailable, type Orders } from "./orders.ts";
import { figuresForCrypto, figuresForFiat, limitCents, type BuyFigures } from "./figures.ts";

/** The routes that figure a buy: each documents every refusal below. */
type BuyRoute = RoutesWithReason<"validation" | "unknownSymbol" | "pricesUnavailable" | "pricesStale">;

const money = (asset: string, units: bigint, decimals: number) => ({ asset, value: fromMinor(units, decimals) });

export interface OnrampRouteDeps {
  env: Pick<Env, "ONRAMP_FEE_BPS" | "ONRAMP_MIN_ORDER_USD" | "ONRAMP_MAX_ORDER_USD" | "KYC_CARD_BUY_THRESHOLD_USD">;
  catalog: Pick<Catalog, "assetOf" | "priceIn">;
  orders: Orders;
  /** Whether the user's identity is verified (the KYC module's state, through the composition root). */
  kycApproved: (userId: string) => Promise<boolean>;
}

export function onrampHandlers(s: OnrampRouteDeps) {
  const { orders, catalog } = s;
  const toBuyOrders = buyOrdersOf(orders);

  /** Fiat per unit of an asset, and units of the currency per dollar; never a price older than PRICE_STALE_SECONDS. */
  async function prices(route: BuyRoute, symbol: string, currency: QuoteCurrency) {
    const found = await catalog.priceIn(symbol, currency);
    if (!found) throw refuse(route, "pricesUnavailable");
    // A frozen price would sell at a rate the market has left: nothing is quoted or ordered until the source answers again.
    if (found.stale) throw refuse(route, "pricesStale");
    return { price: found.price, perUsd: decimal(found.perUsd) };
  }

  const amountRefused = (route: BuyRoute, locale: Locale, key: FieldErrorKey, extra: Pick<ValidationData, "limits" | "decimals">) =>
    refuse(route, "validation", { ...validationData(locale, { amount: key }), ...extra });

  /** The figures of a buy as asked, within the limits, or a field error. */
  async function figure(route: BuyRoute, locale: Locale, body: { asset: string; currency: QuoteCurrency; side: "fiat" | "crypto"; amount: string }) {
    const asset = await catalog.assetOf(body.asset);
    if (!asset?.tradable) throw refuse(route, "unknownSymbol");
    const { price, perUsd } = await prices(route, asset.symbol, body.currency);
    const fee = s.env.ONRAMP_FEE_BPS;
    const min = limitCents(s.env.ONRAMP_MIN_ORDER_USD, perUsd, "up");
    const max = limitCents(s.env.ONRAMP_MAX_ORDER_USD, perUsd, "down");
    const limits = { min: money(body.currency, min, ONRAMP_CARD_DECIMALS), max: money(body.currency, max, ONRAMP_CARD_DECIMALS) };
    const units = toMinor(body.amount, body.side === "fiat" ? ONRAMP_CARD_DECIMALS : asset.decimals);
    if (units === null)
      throw amountRefused(route, locale, "amount.tooManyDecimals", { decimals: body.side === "fiat" ? ONRAMP_CARD_DECIMALS : asset.decimals });
    const figures: BuyFigures =
      body.side === "fiat" ? figuresForFiat(units, decimal(price), asset.decimals, fee) : figuresForCrypto(units, decimal(price), asset.decimals, fee);
    if (figures.fiatCents < min || figures.receiveUnits <= 0n) throw amountRefused(route, locale, "amount.belowMinimum", { limits });
    if (figures.fiatCents > max) throw amountRefused(route, locale, "amount.aboveMaximum", { limits });
    const quote: BuyQuote = {
      asset: asset.symbol,
      currency: body.currency,
      pay: money(body.currency, figures.fiatCents, ONRAMP_CARD_DECIMALS),
      receive: money(asset.symbol, figures.receiveUnits, asset.decimals),
      fee: money(asset.symbol, figures.feeUnits, asset.decimals),
      feeBasisPoints: fee,
      price,
      limits,
    };
    return { asset, figures, quote, perUsd };
  }

  return handlers({
    swipeluxQuote: {
      success: "success.ok",
      handle: async (c, body) => (await figure("swipeluxQuote", c.var.locale, body)).quote,
    },
    swipeluxSendOrder: {
      success: "success.ok",
      handle: async (c, body) => {
        const user = c.var.auth.user;
        const { asset, figures, quote, perUsd } = await figure("swipeluxSendOrder", c.var.locale, body);
        // Above the threshold (in the order's currency at today's rate) a card buy needs a verified identity.
        const threshold = limitCents(s.env.KYC_CARD_BUY_THRESHOLD_USD, perUsd, "down");
        if (figures.fiatCents > threshold && !(await s.kycApproved(user.id))) throw refuse("swipeluxSendOrder", "kycRequired");
        const request: Record<keyof SendOrderBody, string> = {
          asset: asset.symbol,
          currency: body.currency,
          side: body.side,
          amount: body.amount,
          idempotencyKey: body.idempotencyKey,
        };
        try {
          const row = await orders.create({
            userId: user.id,
            email: user.email,
            locale: c.var.locale,
            idempotencyKey: body.idempotencyKey,
            request,
            asset: asset.symbol,
            currency: body.currency,
            decimals: asset.decimals,
            price: quote.price,
            feeBasisPoints: quote.feeBasisPoints,
            figures,
          });
          return (await toBuyOrders([row]))[0]!;
        } catch (error) {
          if (error instanceof OrderConflict) throw refuse("swipeluxSendOrder", "idempotencyConflict");
          if (error instanceof OrderUnavailable) throw refuse("swipeluxSendOrder", "onrampUnavailable");
          throw error;
        }
      },
    },
    swipeluxStatus: {
      success: "success.ok",
      handle: async (c, { orderId }) => {
        const row = await orders.status(c.var.auth.user.id, orderId);
        if (!row) throw refuse("swipeluxStatus", "orderNotFound");
        return (await toBuyOrders([row]))[0]!;
      },
    },
  });
}
