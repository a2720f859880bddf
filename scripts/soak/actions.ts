// What the soak's simulated people do, each through the public API as the SPA would: sign up
// (the code read from the outbox, as the dev mailbox shows it), sign in and out, buy with a card
// on the sandbox's payment page (its webhooks settle the order), trade (quote then accept), and
// read prices, market pages, balances and history.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { TERMS_VERSION } from "../../contract/vocabulary.ts";
import type { Client } from "./client.ts";

const PASSWORD = "Soak password for sarraf 7";
const SYMBOLS = ["BTC", "ETH", "SOL", "XRP"];
const CURRENCIES = ["USD", "EUR"];
// Sells come twice as often as buys: the traders' money arrives as bitcoin (their card buys).
const TRADES = [
  { kind: "sell", from: "BTC", to: "USD", amount: "0.0002" },
  { kind: "sell", from: "BTC", to: "USD", amount: "0.0003" },
  { kind: "buy", from: "USD", to: "ETH", amount: "10" },
  { kind: "convert", from: "ETH", to: "BTC", amount: "0.002" },
];

export interface Trader {
  email: string;
  token: string;
  /** The address a reverse proxy would forward for this person (TRUST_PROXY): limits are per address. */
  address: string;
}

export interface World {
  client: Client;
  pool: pg.Pool;
  run: string;
  traders: Trader[];
  /** Card buys the client paid for: each must end completed, credited once. */
  paid: Set<string>;
  /** Quotes whose accept answered 200: each must be accepted in the database, settled once. */
  accepted: Set<string>;
  /** Answers below 500 that refused something, by call and reason (insufficient funds, a moved price…). */
  refusals: Map<string, number>;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const refused = (world: World, what: string, answer: { status: number; reason?: string }) => {
  if (answer.status === 0 || answer.status >= 500) return; // counted by the recorder
  const key = `${what} ${answer.status}${answer.reason ? ` ${answer.reason}` : ""}`;
  world.refusals.set(key, (world.refusals.get(key) ?? 0) + 1);
};

/** The newest code e-mailed to `email` (the outbox is written after the answer: waited for). */
async function codeFor(pool: pg.Pool, email: string): Promise<string | undefined> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await pool.query<{ text: string }>(`SELECT text FROM outbox WHERE "to" = $1 ORDER BY seq DESC LIMIT 1`, [email]);
    const code = rows[0] && /\b(\d{6})\b/.exec(rows[0].text)?.[1];
    if (code) return code;
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return undefined;
}

export async function signUp(world: World, index: number): Promise<Trader | undefined> {
  const email = `soak.${world.run}.${index}@soak.example`;
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const body = { fullName: `Soak Trader ${index}`, email, password: PASSWORD, acceptedTerms: TERMS_VERSION };
  const signedUp = await world.client.api("/user/signup", { body, address });
  if (signedUp.status !== 200) return void refused(world, "signup", signedUp);
  const otp = await codeFor(world.pool, email);
  if (!otp) return void refused(world, "signup (no code mailed)", { status: 200 });
  const verified = await world.client.api("/user/verifyotp", { body: { email, otp, token: signedUp.data?.token }, address });
  if (verified.status !== 200 || typeof verified.data?.Token !== "string") return void refused(world, "verifyotp", verified);
  const trader = { email, token: verified.data.Token, address };
  world.traders.push(trader);
  return trader;
}

/** A password sign-in of someone who already has an account, a profile read, and its sign-out. */
export async function signInAndOut(world: World): Promise<void> {
  const { email, address } = pick(world.traders);
  const login = await world.client.api("/user/login", { body: { email, password: PASSWORD }, address });
  if (login.status !== 200 || typeof login.data?.Token !== "string") return refused(world, "login", login);
  const token = login.data.Token;
  await world.client.api("/user/get-profile-by-id", { token, address });
  const out = await world.client.api("/user/logout", { token, address });
  if (out.status !== 200) return refused(world, "logout", out);
  const after = await world.client.api("/user/get-profile-by-id", { token, address });
  // A session signed out must be refused at once by every worker (the notice reaches the others at commit).
  if (after.status !== 401) refused(world, "profile after logout (expected 401)", after);
}

/** A card buy on the sandbox: the order, then the payment page paid with its test card. */
export async function cardBuy(world: World, trader: Trader, amount: string): Promise<string | undefined> {
  const body = { idempotencyKey: `soak-${randomUUID()}`, asset: "BTC", currency: "USD", amount };
  const order = await world.client.api("/user/swipelux/sendOrder", { token: trader.token, body, address: trader.address });
  if (order.status !== 200 || typeof order.data?.id !== "string") return void refused(world, "sendOrder", order);
  const page = new URL(String(order.data.paymentUrl), "http://127.0.0.1");
  const form = new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" }).toString();
  const status = await world.client.raw(
    "POST",
    page.pathname,
    { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": trader.address },
    form,
  );
  if (status === 0 || status >= 400) return void refused(world, "payment page", { status });
  world.paid.add(order.data.id);
  await world.client.api("/user/swipelux/status", { token: trader.token, body: { orderId: order.data.id }, address: trader.address });
  return order.data.id;
}

/** Sells of bitcoin for dollars, then dollars for ether: what the traders' first trades are, so later ones find each asset. */
export const FIRST_TRADES = [
  { kind: "sell", from: "BTC", to: "USD", amount: "0.003" },
  { kind: "buy", from: "USD", to: "ETH", amount: "60" },
];

export async function trade(world: World, trader: Trader, body: object = pick(TRADES)): Promise<void> {
  const quote = await world.client.api("/user/trade/quote", { token: trader.token, body, address: trader.address });
  if (quote.status !== 200 || typeof quote.data?.id !== "string") return refused(world, "quote", quote);
  const accept = await world.client.api("/user/trade/accept", { token: trader.token, body: { quoteId: quote.data.id }, address: trader.address });
  if (accept.status === 200) world.accepted.add(quote.data.id);
  else refused(world, "accept", accept);
}

/** One page's or widget's reads, as the SPA makes them. */
export const reads = {
  async price(world: World, { token, address }: Trader) {
    const answer = await world.client.api("/user/get-price", { token, body: { symbol: pick(SYMBOLS), currency: pick(CURRENCIES) }, address });
    if (answer.status !== 200) refused(world, "get-price", answer);
  },
  async market(world: World, { token, address }: Trader) {
    const currency = pick(CURRENCIES);
    await Promise.all([world.client.api("/currency/list", { token, address }), world.client.api("/market/tickers", { body: { currency }, address })]);
    await world.client.api("/user/dashboard-market-info", { token, body: { currency }, address });
  },
  async asset(world: World, { token, address }: Trader) {
    const symbol = pick(SYMBOLS);
    const currency = pick(CURRENCIES);
    await Promise.all([
      world.client.api("/market/price-history", { body: { symbol, currency, range: pick(["1D", "1W", "1M", "1Y"]) }, address }),
      world.client.api("/user/get-price", { token, body: { symbol, currency }, address }),
    ]);
  },
  async balances(world: World, { token, address }: Trader) {
    const answer = await world.client.api("/user/balances", { token, body: { currency: pick(CURRENCIES) }, address });
    if (answer.status !== 200) refused(world, "balances", answer);
  },
  async history(world: World, { token, address }: Trader) {
    const answer = await world.client.api("/user/transactions-history", { token, body: {}, address });
    if (answer.status !== 200) refused(world, "transactions-history", answer);
  },
};
