// npm run ops:onramp — what the on-ramp keeps for a person: deliveries not credited, conflicting
// transitions (a success after a failure, a refund or chargeback after a credit, and those ignored),
// reversals that left a debt, and the debts themselves. `npm run ops:onramp -- resolve <id>` marks
// a row resolved once a person has dealt with it. Reads the server's database (DATABASE_URL, else
// the PGlite folder DATA_DIR, which only one process may hold: stop the server first).
import { onrampReview } from "../server/modules/onramp/review.ts";
import { openDatabase } from "../server/platform/db/open.ts";

const database = await openDatabase(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: process.env.DATA_DIR ?? ".data" });
try {
  const review = onrampReview(database.db);
  const [command, id] = process.argv.slice(2);
  if (command === "resolve") {
    const resolved = /^\d+$/.test(id ?? "") && (await review.resolve(Number(id), new Date()));
    console.log(resolved ? `resolved ${id}` : `no open row ${id ?? ""}`);
    process.exitCode = resolved ? 0 : 1;
  } else {
    const rows = await review.open();
    console.log(`On-ramp news kept for review (${rows.length} open, newest first):`);
    for (const row of rows) {
      const units = row.units === null ? "" : ` ${row.units.toString()} minor units${row.asset ? ` of ${row.asset}` : ""}`;
      console.log(
        `  #${row.id} ${row.createdAt.toISOString()} ${row.reason} (${row.status})${units} order ${row.orderId ?? "none"} · ${row.provider} ${row.providerOrderId}`,
      );
    }
    const debts = await review.debts();
    console.log(`Debts left by reversals (${debts.length}):`);
    for (const debt of debts)
      console.log(`  order ${debt.orderId} (${debt.status}) user ${debt.userId}: owes ${debt.debtUnits!.toString()} minor units of ${debt.asset}`);
  }
} finally {
  await database.close();
}
