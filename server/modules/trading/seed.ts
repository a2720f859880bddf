// The house's inventory in development: at start (outside production, TRADE_DEV_SEED=on) each
// asset below is moved from the house's treasury to its inventory once — one ledger transfer per
// asset with the key `house:dev-seed:v1:<ASSET>`, so a restart moves nothing again and every unit
// the house trades with is accounted for (the treasury goes below zero by as much: the house's own
// capital, never minted silently). About two million dollars of each at the simulator's prices,
// within the default exposure limit (TRADE_EXPOSURE_USD, five million). Production funds the
// inventory by hand: `npm run ops:house -- fund <ASSET> <amount>`.
import { QUOTE_CURRENCIES, QUOTE_DECIMALS } from "../../../contract/index.ts";
import { toMinor } from "../../../contract/decimal.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import type { Ledger } from "../ledger/index.ts";
import { LedgerError } from "../ledger/index.ts";
import type { Catalog } from "../market/index.ts";
import { fundInventory } from "./house.ts";

export const DEV_HOUSE_SEED: Readonly<Record<string, string>> = {
  USD: "2000000",
  EUR: "2000000",
  AED: "7000000",
  SAR: "7500000",
  BTC: "20",
  ETH: "600",
  USDT: "2000000",
  XRP: "900000",
  BNB: "2200",
  SOL: "11000",
  USDC: "2000000",
  DOGE: "11000000",
  ADA: "3000000",
  TRX: "7000000",
  TON: "700000",
  AVAX: "90000",
  LINK: "120000",
  SHIB: "160000000000",
  DOT: "570000",
  LTC: "21000",
  POL: "10000000",
};

/** Funds the inventory of every asset in the seed that the market lists (and the currencies), once each. */
export async function seedHouse({ ledger, catalog, logger }: { ledger: Ledger; catalog: Pick<Catalog, "listedAssets">; logger: Logger }): Promise<void> {
  const decimals = new Map<string, number>((await catalog.listedAssets()).map((asset) => [asset.symbol, asset.decimals]));
  for (const currency of QUOTE_CURRENCIES) decimals.set(currency, QUOTE_DECIMALS);
  for (const [asset, amount] of Object.entries(DEV_HOUSE_SEED)) {
    const places = decimals.get(asset);
    if (places === undefined) continue;
    const units = toMinor(amount, places)!;
    try {
      // A key used at an earlier start answers that first transfer: nothing moves again.
      await fundInventory(ledger, asset, units, `house:dev-seed:v1:${asset}`);
    } catch (error) {
      // The seed's amount was changed after it ran: the first amount stands (the ledger keeps keys for ever).
      if (error instanceof LedgerError && error.code === "idempotencyConflict") logger.warn("house.seedChanged", { asset });
      else throw error;
    }
  }
  logger.info("house.seeded", { assets: decimals.size });
}
