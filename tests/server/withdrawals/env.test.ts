// Production never runs the withdrawals' network simulator beside a real on-ramp: real money in,
// simulated money out would "complete" withdrawals that never reach a network.
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../../server/env.ts";

describe("WITHDRAW_NETWORK in production", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://sarraf.example",
    OUTBOX_IN_PRODUCTION: "true",
    KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name",
  };
  const swipelux = {
    ONRAMP_PROVIDER: "swipelux",
    SWIPELUX_API_KEY: "sk_live_secret_value",
    SWIPELUX_ASSETS: "BTC:8:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
  };

  it("refuses the simulator beside a real on-ramp, and allows it in the play-money demo and outside production", () => {
    const real = parseEnv({ ...production, ...swipelux });
    expect(real.ok ? [] : real.problems).toEqual([expect.stringMatching(/^WITHDRAW_NETWORK: is the network simulator/)]);
    expect(parseEnv({ ...production, ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money" }).ok).toBe(true);
    expect(parseEnv({ ...swipelux, SWIPELUX_WEBHOOK_KEYS_URL: "https://api.swipelux.com/api/merchants/webhookKeys" }).ok).toBe(true);
  });
});
