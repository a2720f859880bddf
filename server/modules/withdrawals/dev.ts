// POST /dev/withdrawals/clock {"hours": n}: moves the withdrawals' own clock forward (cooling-off,
// password lock, code expiry, the network's steps), so a developer or an end-to-end test sees an
// address become usable without waiting a day. Sessions and everything else keep the real clock.
// Only with the development tools on; elsewhere 404.
import { Hono } from "hono";
import { z } from "zod";
import type { Env } from "../../env.ts";
import { devToolsEnabled } from "../../platform/http/hosts.ts";
import type { AppEnv } from "../../platform/http/types.ts";

export function devWithdrawClock(base: () => Date = () => new Date()) {
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

const body = z.strictObject({
  hours: z
    .number()
    .positive()
    .max(24 * 366),
});

export function devWithdrawRoutes(s: { env: Env; clock: ReturnType<typeof devWithdrawClock> | null; tick: () => Promise<void> }) {
  const enabled = devToolsEnabled(s.env) && s.clock !== null;
  return new Hono<AppEnv>().post("/dev/withdrawals/clock", async (c) => {
    if (!enabled || !s.clock) return c.text("Not found", 404);
    const parsed = body.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ status: "error", reason: "invalidRequest" }, 400);
    s.clock.advance(parsed.data.hours * 3_600_000);
    await s.tick();
    return c.json({ status: "success", now: s.clock.now().toISOString() });
  });
}
