// The soak's two kinds of load: a steady mix of everything people do, started at a fixed rate
// whatever the answers do (open loop, bounded in flight), and, to compare 1 process with 2, a
// closed loop of reads and trades that keeps a fixed number of requests in flight.
import { cardBuy, reads, signInAndOut, signUp, trade, type Trader, type World } from "./actions.ts";

/** The mix of the soak, per 100 actions. A trade is 2 requests, a card buy 3, a sign-in 4 (one scrypt), a sign-up 2 (one scrypt). */
const MIX: [weight: number, name: string, act: (world: World, trader: Trader, index: number) => Promise<unknown>][] = [
  [20, "price", (w, t) => reads.price(w, t)],
  [12, "market page", (w, t) => reads.market(w, t)],
  [8, "asset page", (w, t) => reads.asset(w, t)],
  [14, "balances", (w, t) => reads.balances(w, t)],
  [12, "history", (w, t) => reads.history(w, t)],
  [25, "trade", (w, t) => trade(w, t)],
  [4, "card buy", (w, t) => cardBuy(w, t, "50")],
  [3, "sign-in and out", (w) => signInAndOut(w)],
  [2, "sign-up", (w, _t, index) => signUp(w, index)],
];
const TOTAL = MIX.reduce((sum, [weight]) => sum + weight, 0);

export interface LoadResult {
  actions: Map<string, number>;
  /** Actions not started because maxInFlight were still under way (the server fell behind). */
  skipped: number;
}

/**
 * Starts `rate` actions a second for `seconds`, each by a random trader, never more than
 * `maxInFlight` at once; answers when every started action has ended. `every` is called each second.
 */
export async function openLoop(world: World, rate: number, seconds: number, maxInFlight: number, every: () => void): Promise<LoadResult> {
  const actions = new Map<string, number>();
  const running = new Set<Promise<unknown>>();
  let skipped = 0;
  let sent = 0;
  let signUps = 1_000;
  const start = performance.now();
  const total = Math.round(rate * seconds);
  let nextSecond = 1;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + (sent * 1000) / rate <= now) {
        sent++;
        if (running.size >= maxInFlight) {
          skipped++;
          continue;
        }
        let roll = Math.random() * TOTAL;
        const [, name, act] = MIX.find(([weight]) => (roll -= weight) < 0) ?? MIX[0]!;
        actions.set(name, (actions.get(name) ?? 0) + 1);
        const trader = world.traders[Math.floor(Math.random() * world.traders.length)]!;
        const action = act(world, trader, signUps++).catch((error: unknown) => console.error(`  ${name} threw:`, error));
        running.add(action);
        void action.finally(() => running.delete(action));
      }
      if (now - start >= nextSecond * 1000) {
        nextSecond++;
        every();
      }
      if (sent < total) setTimeout(tick, Math.max(1, Math.min(250, start + (sent * 1000) / rate - performance.now())));
      else done();
    };
    tick();
  });
  await Promise.all(running);
  return { actions, skipped };
}

/** `connections` loops, each sending its next request when the last is answered: reads, and trades as quote + accept. Answers the seconds it ran. */
export async function closedLoop(world: World, connections: number, seconds: number): Promise<number> {
  const start = performance.now();
  const end = start + seconds * 1000;
  const steps = [reads.price, reads.balances, reads.history, reads.market, trade, trade];
  const loop = async (index: number) => {
    for (let turn = index; performance.now() < end; turn++) await steps[turn % steps.length]!(world, world.traders[turn % world.traders.length]!);
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => loop(index)));
  return (performance.now() - start) / 1000;
}
