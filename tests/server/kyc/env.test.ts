// Production never runs the sandbox identity reviewer unless a setting says so on purpose: it checks
// no document and approves every identity but its magic last names, so the gates it answers
// (withdrawals, larger card buys) would open for anyone. Like the sandbox on-ramp and the network
// simulator (tests/server/platform/env.test.ts, tests/server/withdrawals/env.test.ts).
import { describe, expect, it } from "vitest";
import { envWith, parseEnv } from "../../../server/env.ts";

describe("KYC_PROVIDER in production", () => {
  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://sarraf.example",
    OUTBOX_IN_PRODUCTION: "true",
    ONRAMP_SANDBOX_IN_PRODUCTION: "demo-with-play-money",
  };
  const sumsub = {
    KYC_PROVIDER: "sumsub",
    SUMSUB_APP_TOKEN: "app-token-value",
    SUMSUB_SECRET_KEY: "secret-key-value",
    SUMSUB_WEBHOOK_SECRET: "webhook-secret",
  };

  it("refuses the sandbox reviewer by default, naming both ways out", () => {
    const refused = parseEnv(production);
    expect(refused.ok ? [] : refused.problems).toEqual([
      expect.stringMatching(
        /^KYC_PROVIDER: is the sandbox reviewer .*KYC_PROVIDER=sumsub.*KYC_SANDBOX_IN_PRODUCTION=demo-approves-by-last-name to run a demo on purpose \(not set\)$/,
      ),
    ]);
    // The default is refused too when it is written out.
    expect(parseEnv({ ...production, KYC_PROVIDER: "sandbox" }).ok).toBe(false);
  });

  it("starts on the sandbox chosen on purpose, on Sumsub, and outside production", () => {
    expect(parseEnv({ ...production, KYC_SANDBOX_IN_PRODUCTION: "demo-approves-by-last-name" }).ok).toBe(true);
    expect(parseEnv({ ...production, ...sumsub }).ok).toBe(true);
    expect(envWith({ NODE_ENV: "test" }).KYC_PROVIDER).toBe("sandbox");
    expect(parseEnv({ NODE_ENV: "development" }).ok).toBe(true);
  });

  it("takes nothing vaguer than the setting's own words", () => {
    const vague = parseEnv({ ...production, KYC_SANDBOX_IN_PRODUCTION: "true" });
    expect(vague.ok ? [] : vague.problems).toContainEqual('KYC_SANDBOX_IN_PRODUCTION: must be one of: no, demo-approves-by-last-name (got "true")');
    expect(envWith().KYC_SANDBOX_IN_PRODUCTION).toBe("no");
  });
});
