// The on-ramp's calls (spec section 7: /user/swipelux/*, /user/transactions-history) and the
// provider's webhook. Money moves only through the order service and the ledger behind it.
import { and, desc, eq, gte, lt, or } from "drizzle-orm";
import {
  ONRAMP_CARD_DECIMALS,
  type BuyOrder,
  type BuyQuote,
  type FieldErrorKey,
  type QuoteCurrency,
  type RoutesWithReason,
  type SendOrderBody,
  type ValidationData,
} from "../../../contract/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import { validationData } from "../../platform/http/validate.ts";
import type { Locale } from "../../platform/i18n/index.ts";
import type { Services } from "../../services.ts";
import { assets, priceString } from "../market/index.ts";
import { OrderConflict, OrderUnavailable } from "./orders.ts";
import { decimalOf, figuresForCrypto, figuresForFiat, fractionOf, limitCents, unitsOf, valueCents, type BuyFigures } from "./quote.ts";
import { onrampOrders, type OnrampOrderRow } from "./schema.ts";
import type { Onramp } from "./service.ts";

/** The routes that figure a buy: each documents every refusal below. */
type BuyRoute = RoutesWithReason<"validation" | "unknownSymbol" | "pricesUnavailable">;

const money = (asset: string, units: bigint, decimals: number) => ({ asset, value: decimalOf(units, decimals) });

export function onrampHandlers(s: Services & { onramp: Onramp }) {
  const db = s.database.db;
  const { orders, ledger } = s.onramp;
  let listed: { at: number; rows: Promise<(typeof assets.$inferSelect)[]> } | null = null;
  const listedAssets = () => {
    if (!listed || Date.now() - listed.at > 60_000) listed = { at: Date.now(), rows: db.select().from(assets) };
    return listed.rows;
  };

  /** Fiat per unit of an asset, and units of the currency per dollar, from the live prices. */
  async function prices(route: BuyRoute, symbol: string, currency: QuoteCurrency) {
    const current = await s.prices.latest();
    const ticker = current?.tickers.get(symbol);
    if (!current || !ticker) throw refuse(route, "pricesUnavailable");
    const perUsd = s.prices.perUsd(current, currency);
    if (!(perUsd > 0) || !(ticker.price > 0)) throw refuse(route, "pricesUnavailable");
    // The rate with six places (3.6725 AED per dollar), the price as the market shows it.
    return { price: priceString(ticker.price * perUsd), perUsd: fractionOf(currency === "USD" ? "1" : perUsd.toFixed(6)) };
  }

  const amountRefused = (route: BuyRoute, locale: Locale, key: FieldErrorKey, extra: Pick<ValidationData, "limits" | "decimals">) =>
    refuse(route, "validation", { ...validationData(locale, { amount: key }), ...extra });

  /** The figures of a buy as asked, within the limits, or a field error. */
  async function figure(route: BuyRoute, locale: Locale, body: { asset: string; currency: QuoteCurrency; side: "fiat" | "crypto"; amount: string }) {
    const asset = (await listedAssets()).find((row) => row.symbol === body.asset && row.tradable);
    if (!asset) throw refuse(route, "unknownSymbol");
    const { price, perUsd } = await prices(route, asset.symbol, body.currency);
    const fee = s.env.ONRAMP_FEE_BPS;
    const min = limitCents(s.env.ONRAMP_MIN_ORDER_USD, perUsd, "up");
    const max = limitCents(s.env.ONRAMP_MAX_ORDER_USD, perUsd, "down");
    const limits = { min: money(body.currency, min, ONRAMP_CARD_DECIMALS), max: money(body.currency, max, ONRAMP_CARD_DECIMALS) };
    const units = unitsOf(body.amount, body.side === "fiat" ? ONRAMP_CARD_DECIMALS : asset.decimals);
    if (units === null)
      throw amountRefused(route, locale, "amount.tooManyDecimals", { decimals: body.side === "fiat" ? ONRAMP_CARD_DECIMALS : asset.decimals });
    const figures: BuyFigures =
      body.side === "fiat" ? figuresForFiat(units, fractionOf(price), asset.decimals, fee) : figuresForCrypto(units, fractionOf(price), asset.decimals, fee);
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
    return { asset, figures, quote };
  }

  async function toBuyOrders(rows: OnrampOrderRow[]): Promise<BuyOrder[]> {
    const timelines = await orders.timelines(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      type: "buy",
      asset: row.asset,
      currency: row.currency as QuoteCurrency,
      status: row.status,
      pay: money(row.currency, row.fiatCents, ONRAMP_CARD_DECIMALS),
      receive: money(row.asset, row.grossUnits - row.feeUnits, row.decimals),
      fee: money(row.asset, row.feeUnits, row.decimals),
      price: row.price,
      paymentUrl: row.paymentUrl,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      timeline: (timelines.get(row.id) ?? []).map(({ step, at }) => ({ step, at: at.toISOString() })),
    }));
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
        const { asset, figures, quote } = await figure("swipeluxSendOrder", c.var.locale, body);
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
    transactionsHistory: {
      success: "success.ok",
      handle: async (c, body) => {
        const cursor = body.cursor === undefined ? null : decodeCursor(body.cursor);
        if (cursor === undefined) throw refuse("transactionsHistory", "validation", validationData(c.var.locale, { cursor: "field.invalid" }));
        const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
        const rows = await db
          .select()
          .from(onrampOrders)
          .where(
            and(
              eq(onrampOrders.userId, c.var.auth.user.id),
              body.asset ? eq(onrampOrders.asset, body.asset) : undefined,
              body.status ? eq(onrampOrders.status, body.status) : undefined,
              body.from ? gte(onrampOrders.createdAt, new Date(`${body.from}T00:00:00Z`)) : undefined,
              body.to ? lt(onrampOrders.createdAt, dayAfter(body.to)) : undefined,
              cursor ? or(lt(onrampOrders.createdAt, cursor.at), and(eq(onrampOrders.createdAt, cursor.at), lt(onrampOrders.id, cursor.id))) : undefined,
            ),
          )
          .orderBy(desc(onrampOrders.createdAt), desc(onrampOrders.id))
          .limit(body.limit + 1);
        const page = rows.slice(0, body.limit);
        const last = page.at(-1);
        return { items: await toBuyOrders(page), nextCursor: rows.length > body.limit && last ? encodeCursor(last) : null };
      },
    },
    balances: {
      success: "success.ok",
      handle: async (c, { currency }) => {
        const [held, listedRows, current] = await Promise.all([ledger.balances(c.var.auth.user.id), listedAssets(), s.prices.latest()]);
        const perUsd = current ? s.prices.perUsd(current, currency) : 0;
        let total: bigint | null = 0n;
        const balances = listedRows
          .toSorted((a, b) => a.rank - b.rank)
          .flatMap((asset) => {
            const found = held.find((balance) => balance.asset === asset.symbol);
            if (!found || (found.balance === 0n && found.held === 0n)) return [];
            const ticker = current?.tickers.get(asset.symbol);
            const cents = ticker && perUsd > 0 ? valueCents(found.balance, asset.decimals, fractionOf(priceString(ticker.price * perUsd))) : null;
            total = cents === null || total === null ? null : total + cents;
            return [
              {
                asset: asset.symbol,
                available: decimalOf(found.available, asset.decimals),
                held: decimalOf(found.held, asset.decimals),
                value: cents === null ? null : decimalOf(cents, ONRAMP_CARD_DECIMALS),
              },
            ];
          });
        return { currency, balances, total: total === null ? null : decimalOf(total, ONRAMP_CARD_DECIMALS) };
      },
    },
  });
}

function encodeCursor(row: OnrampOrderRow): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

/** The cursor's position, or undefined when it is not one this server made. */
function decodeCursor(text: string): { at: Date; id: string } | undefined {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof at !== "string" || typeof id !== "string" || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(Date.parse(at))) return undefined;
    return { at: new Date(at), id };
  } catch {
    return undefined;
  }
}
