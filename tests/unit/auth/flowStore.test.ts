// What a tab keeps of a sign-in flow across its reload, read back defensively, and the return
// address after signing in, accepted only as a same-origin page path.
import { describe, expect, it } from "vitest";
import { createFlowStore, SOCIAL_REQUEST_MAX_AGE_MS } from "../../../src/features/auth/adapters/flowStore.ts";
import { memoryStore } from "../../../src/shared/adapters/storage.ts";
import { loginHref, safeReturnTo } from "../../../src/shared/lib/paths.ts";

describe("safeReturnTo", () => {
  it.each(["/exchange?curr=EUR&symbol=ETH", "/market", "/partners/acme", "/profile#set-password"])("accepts the app's page %s", (path) => {
    expect(safeReturnTo(path)).toBe(path);
  });

  it.each([
    "https://evil.example/market",
    "//evil.example/market",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "market",
    "/login",
    "/signup?x=1",
    "/verify-email",
    "/no-such-page",
    "/market\n",
    "/%0d%0aSet-Cookie",
    "",
    null,
    undefined,
    `/market?${"x".repeat(3000)}`,
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value as string | null | undefined)).toBeNull();
  });

  it("builds the login address with a safe return address only", () => {
    expect(loginHref("/exchange?curr=EUR&symbol=ETH")).toBe("/login?returnTo=%2Fexchange%3Fcurr%3DEUR%26symbol%3DETH");
    expect(loginHref("//evil.example")).toBe("/login");
    expect(loginHref()).toBe("/login");
  });
});

describe("flow store", () => {
  it("keeps a flow and drops it when it is empty", () => {
    const store = memoryStore();
    const flows = createFlowStore(store);
    const flow = { signupUser: { email: "a@b.co", token: "t" }, otp: null, forgetpass: null, returnTo: "/market", loginEmail: null };
    flows.writeFlow(flow);
    expect(createFlowStore(store).readFlow()).toEqual(flow);
    flows.writeFlow({ signupUser: null, otp: null, forgetpass: null, returnTo: null, loginEmail: null });
    expect(store.getItem("authFlow")).toBeNull();
  });

  it.each(["{not json", "[]", "42", JSON.stringify({ signupUser: "x", otp: { email: 5 }, returnTo: "//evil.example", loginEmail: ["a"] })])(
    "reads corrupt or tampered data %j as nothing",
    (raw) => {
      const flow = createFlowStore(memoryStore({ authFlow: raw })).readFlow();
      expect(flow === null || Object.values(flow).every((value) => value === null)).toBe(true);
    },
  );

  it("resumes a social request only while it is recent and well formed", () => {
    const store = memoryStore();
    const flows = createFlowStore(store);
    flows.writeSocialRequest({ provider: "google", requestId: "r-1" }, 1_000);
    expect(flows.readSocialRequest(1_000 + SOCIAL_REQUEST_MAX_AGE_MS - 1)).toEqual({ provider: "google", requestId: "r-1" });
    expect(flows.readSocialRequest(1_000 + SOCIAL_REQUEST_MAX_AGE_MS)).toBeNull();
    store.setItem("authSocialRequest", JSON.stringify({ provider: "myspace", requestId: "r-1", at: 1_000 }));
    expect(flows.readSocialRequest(1_001)).toBeNull();
  });

  it("counts a resend wait on from where a reload interrupted it", () => {
    const flows = createFlowStore(memoryStore());
    flows.writeCooldown(60, 10_000);
    expect(flows.readCooldown(10_000 + 25_400)).toBe(35);
    expect(flows.readCooldown(10_000 + 60_000)).toBe(0);
  });
});
