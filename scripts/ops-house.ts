// npm run ops:house — the house's inventory (what trades are filled from) and the fees it has
// earned, per asset. `npm run ops:house -- fund <ASSET> <amount> [<key>]` moves that amount from the
// house's treasury to its inventory: one ledger transfer with an idempotency key (by default
// `house:fund:<ASSET>:<amount>:<today>`, so the same command run twice the same day moves it once;
// pass a key of your own to fund the same amount again). Nothing is minted: the treasury goes below
// zero by as much, the house's own capital put to work. Reads the server's database (DATABASE_URL,
// else the PGlite folder DATA_DIR, which only one process may hold: stop the server first).
import { QUOTE_CURRENCIES, QUOTE_DECIMALS } from "../contract/index.ts";
import { fromMinor, toMinor } from "../contract/decimal.ts";
import { createLedger, LedgerError } from "../server/modules/ledger/index.ts";
import { createCatalog, createPriceService } from "../server/modules/market/index.ts";
import { fundInventory, houseStatement } from "../server/modules/trading/index.ts";
import { envWith } from "../server/env.ts";
import { createLogger } from "../server/platform/logging/logger.ts";
import { openDatabase } from "../server/platform/db/open.ts";

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? ".data" });
try {
  const ledger = createLedger(database.db);
  // The listed coins and their decimals, from the market's table (no price is asked for).
  const prices = createPriceService({ env: envWith(), logger: createLogger("silent"), now: () => new Date() });
  const listed = await createCatalog({ db: database.db, prices, now: () => new Date() }).listedAssets();
  prices.stop();
  const decimals = new Map<string, number>([
    ...listed.map((asset) => [asset.symbol, asset.decimals] as const),
    ...QUOTE_CURRENCIES.map((code) => [code, QUOTE_DECIMALS] as const),
  ]);
  const [command, asset = "", amount = "", key] = process.argv.slice(2);
  if (command === "fund") {
    const places = decimals.get(asset.toUpperCase());
    const units = places === undefined ? null : toMinor(amount, places);
    if (places === undefined || units === null || units <= 0n) {
      console.error(
        `usage: npm run ops:house -- fund <ASSET> <amount> [<key>]: ${places === undefined ? `unknown asset ${asset}` : `${amount} is not a positive amount with at most ${places} decimals`}`,
      );
      process.exitCode = 1;
    } else {
      const symbol = asset.toUpperCase();
      const transferKey = key ?? `house:fund:${symbol}:${amount}:${new Date().toISOString().slice(0, 10)}`;
      try {
        const transfer = await fundInventory(ledger, symbol, units, transferKey);
        console.log(`funded ${fromMinor(transfer.amount, places)} ${symbol} from the treasury to the inventory (transfer ${transfer.id}, key ${transferKey})`);
      } catch (error) {
        if (!(error instanceof LedgerError && error.code === "idempotencyConflict")) throw error;
        console.error(`the key ${transferKey} was used for another amount: nothing moved; pass a key of your own`);
        process.exitCode = 1;
      }
    }
  } else {
    console.log("The house's inventory (what trades are filled from) and fees earned:");
    for (const row of await houseStatement(ledger, [...decimals.keys()])) {
      const places = decimals.get(row.asset)!;
      console.log(`  ${row.asset.padEnd(5)} inventory ${fromMinor(row.inventory, places).padStart(28)}   fees ${fromMinor(row.fees, places).padStart(26)}`);
    }
  }
} finally {
  await database.close();
}
