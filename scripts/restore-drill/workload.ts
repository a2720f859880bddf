// The restore drill's data, written through the real server (startServer, as `npm start` runs it)
// on the original database: users funded by balanced transfers from the house's treasury, a hold
// left pending and one posted in part, trades quoted and accepted over HTTP, and a card buy through
// the sandbox on-ramp paid, webhooked and settled as a browser and the provider would.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { envWith } from "../../server/env.ts";
import { createSession, createUser } from "../../server/modules/auth/sessions.ts";
import { createLedger } from "../../server/modules/ledger/index.ts";
import { createLogger } from "../../server/platform/logging/logger.ts";
import { startServer } from "../../server/server.ts";

const USERS = 3;
const CARD_BUY_DEADLINE_MS = 60_000;

export interface Written {
  users: number;
  trades: number;
  cardBuys: number;
}

export async function writeLedgerData(databaseUrl: string): Promise<Written> {
  const folder = mkdtempSync(join(tmpdir(), "sarraf-restore-drill-server-"));
  const env = envWith({
    DATABASE_URL: databaseUrl,
    PORT: "0",
    HOST: "127.0.0.1",
    NODE_ENV: "development",
    LOG_LEVEL: "silent",
    DEV_TOOLS: "off",
    DATA_DIR: folder,
    STATIC_DIR: folder,
    CONTENT_DIR: fileURLToPath(new URL("../../content", import.meta.url)),
    ONRAMP_SANDBOX_STEP_MS: "100",
  });
  const server = await startServer({ env, logger: createLogger("silent") });
  try {
    const db = server.database.db;
    const ledger = createLedger(db);
    const call = async (path: string, token: string, body: unknown) => {
      const response = await fetch(`${server.url}/api/v1${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { data?: Record<string, unknown> };
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
      return answer.data!;
    };
    let trades = 0;
    for (let index = 0; index < USERS; index++) {
      const user = await createUser(db, { email: `drill.${index}.${randomUUID()}@restore.example`, fullName: "Drill User", emailVerifiedAt: new Date() });
      const { token } = await createSession(db, user.id);
      for (const [asset, amount] of [
        ["USD", 500_000n],
        ["BTC", 2_000_000n],
      ] as const) {
        const [treasury, account] = await Promise.all([ledger.houseAccount("treasury", asset), ledger.userAccount(user.id, asset)]);
        await ledger.transfer({ key: `drill:fund:${user.id}:${asset}`, debit: treasury, credit: account, asset, amount, code: "drill.fund" });
      }
      // A hold left open (pending columns) and one posted in part (a hold and its resolution).
      const [usd, treasury] = await Promise.all([ledger.userAccount(user.id, "USD"), ledger.houseAccount("treasury", "USD")]);
      await ledger.transfer({
        key: `drill:hold:${user.id}`,
        debit: usd,
        credit: treasury,
        asset: "USD",
        amount: 1_000n,
        code: "drill.hold",
        holdSeconds: 86_400,
      });
      const [held] = await ledger.transfer({
        key: `drill:hold2:${user.id}`,
        debit: usd,
        credit: treasury,
        asset: "USD",
        amount: 2_000n,
        code: "drill.hold",
        holdSeconds: 86_400,
      });
      await ledger.resolve({ key: `drill:post:${user.id}`, pendingId: held!.id, action: "post", amount: 1_500n });
      for (const trade of [
        { kind: "sell", from: "BTC", to: "USD", amount: "0.001" },
        { kind: "buy", from: "USD", to: "ETH", amount: "25" },
      ]) {
        const quote = await call("/user/trade/quote", token, trade);
        await call("/user/trade/accept", token, { quoteId: quote.id });
        trades++;
      }
      if (index === 0) await cardBuy(server.url, token, call);
    }
    return { users: USERS, trades, cardBuys: 1 };
  } finally {
    await server.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A card buy of 100 dollars of BTC, paid with the sandbox's test card, waited for until settled. */
async function cardBuy(base: string, token: string, call: (path: string, token: string, body: unknown) => Promise<Record<string, unknown>>) {
  const order = await call("/user/swipelux/sendOrder", token, { idempotencyKey: `drill-${randomUUID()}`, asset: "BTC", currency: "USD", amount: "100" });
  const page = new URL(String(order.paymentUrl), base);
  const paid = await fetch(new URL(page.pathname, base), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }).toString(),
    redirect: "manual",
  });
  if (paid.status >= 400) throw new Error(`the sandbox's payment page answered ${paid.status}`);
  const deadline = Date.now() + CARD_BUY_DEADLINE_MS;
  for (;;) {
    const status = await call("/user/swipelux/status", token, { orderId: order.id });
    if (status.status === "completed") return;
    if (["failed", "cancelled", "expired"].includes(String(status.status))) throw new Error(`the card buy ended ${String(status.status)}`);
    if (Date.now() > deadline) throw new Error(`the card buy was not settled within ${CARD_BUY_DEADLINE_MS / 1000} s (${String(status.status)})`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}
