// Issue 27, the address book: every call, bad input with translated field errors, the e-mailed link
// (its page changes nothing; its button confirms once, within the hour), the cooling-off with a moved
// clock, and a second user's ids refused.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { BTC_ADDRESS, ETH_ADDRESS, HOUR, XRP_ADDRESS, withdrawSuite } from "./world.ts";

const suite = withdrawSuite();

const btc = { label: "Cold wallet", asset: "BTC", network: "bitcoin", address: BTC_ADDRESS };

describe("adding an address", () => {
  it("stores it unconfirmed, e-mails a link valid for an hour with a freeze link, and lists it", async () => {
    const u = await suite.w.user();
    const added = await suite.w.ok("/withdraw/add", u.token, btc);
    expect(added).toMatchObject({
      label: "Cold wallet",
      asset: "BTC",
      network: "bitcoin",
      address: BTC_ADDRESS,
      memo: null,
      state: "unconfirmed",
      confirmedAt: null,
      usableAt: null,
    });
    expect(Date.parse(added.linkExpiresAt) - suite.w.clock.now().getTime()).toBe(HOUR);
    const mail = await suite.w.latestMail(u.email);
    expect(mail.kind).toBe("withdrawAddress");
    expect(mail.text).toContain(BTC_ADDRESS);
    expect(mail.link("/withdraw-links/freeze")).toBeTruthy();
    // Only hashes are stored: the link's token appears in no column.
    const token = mail.link("/withdraw-links/address").searchParams.get("token")!;
    expect(await suite.w.count("withdraw_addresses", sql`link_token_hash = ${token}`)).toBe(0);
    const list = await suite.w.ok("/withdraw/list", u.token, {});
    expect(list.addresses).toEqual([added]);
    expect(list.status).toMatchObject({
      lockedUntil: null,
      frozen: false,
      kycApproved: true,
      coolingOffHours: 24,
      limits: { perWithdrawalUsd: "10000", dailyUsd: "25000", usedTodayUsd: "0.00" },
    });
  });

  it("checks each network's addresses: EVM checksums, XRP tags, nothing else takes a memo", async () => {
    const u = await suite.w.user();
    const bad = async (body: Record<string, string>, field: string, key: string) => {
      const before = await suite.w.count("withdraw_addresses");
      const answer = await suite.w.post("/withdraw/add", u.token, { ...btc, ...body });
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, data: { reason: "validation", fieldKeys: { [field]: key } } });
      expect(await suite.w.count("withdraw_addresses")).toBe(before);
    };
    await bad({ address: "1BoatSLRHtKNngkdXEeobR76b53LETtpyX" }, "address", "address.invalid");
    await bad({ address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx" }, "address", "address.invalid");
    await bad({ asset: "ETH", network: "ethereum", address: ETH_ADDRESS.replace("E7", "e7") }, "address", "address.invalid");
    await bad({ asset: "ETH", network: "ethereum", address: "0x1234" }, "address", "address.invalid");
    await bad({ asset: "BTC", network: "ethereum", address: ETH_ADDRESS }, "network", "network.unsupported");
    await bad({ memo: "123" }, "memo", "memo.invalid");
    await bad({ asset: "XRP", network: "xrp", address: XRP_ADDRESS, memo: "4294967296" }, "memo", "memo.invalid");
    await bad({ asset: "XRP", network: "xrp", address: XRP_ADDRESS.replace("Ye", "Yf") }, "address", "address.invalid");
    await bad({ label: "  " }, "label", "field.required");
    await bad({ network: "dogechain" }, "network", "field.invalid");
    const ar = await suite.w.post("/withdraw/add", u.token, { ...btc, address: "nope" }, "ar");
    expect(ar.data.fields.address).toBe("هذا ليس عنوانًا صالحًا للشبكة المختارة.");
    // Valid: a lower-case EVM address (no checksum to check), a checksummed one, an XRP address with its tag.
    expect((await suite.w.ok("/withdraw/add", u.token, { ...btc, asset: "ETH", network: "ethereum", address: ETH_ADDRESS.toLowerCase() })).state).toBe(
      "unconfirmed",
    );
    expect((await suite.w.ok("/withdraw/add", u.token, { ...btc, asset: "USDT", network: "bsc", address: ETH_ADDRESS })).network).toBe("bsc");
    expect((await suite.w.ok("/withdraw/add", u.token, { ...btc, asset: "XRP", network: "xrp", address: XRP_ADDRESS, memo: "00042" })).memo).toBe("42");
  });
});

describe("the e-mailed link and the cooling-off", () => {
  it("opening the link changes nothing; its button confirms once; usable only after 24 hours (a moved clock)", async () => {
    const u = await suite.w.user();
    const added = await suite.w.ok("/withdraw/add", u.token, btc);
    const link = (await suite.w.latestMail(u.email)).link("/withdraw-links/address");
    const page = await suite.w.openLink(link);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Confirm this address");
    expect((await suite.w.ok("/withdraw/list", u.token, {})).addresses[0].state).toBe("unconfirmed");
    const pressed = await suite.w.openLink(link, true);
    expect(pressed.html).toContain("The address is confirmed");
    const [confirmed] = (await suite.w.ok("/withdraw/list", u.token, {})).addresses;
    expect(confirmed).toMatchObject({ id: added.id, state: "coolingOff" });
    expect(Date.parse(confirmed.usableAt) - Date.parse(confirmed.confirmedAt)).toBe(24 * HOUR);
    expect((await suite.w.openLink(link, true)).status).toBe(404);
    await suite.w.give(u.id, "BTC", "1");
    await suite.w.prices.poll();
    const early = await suite.w.post("/user/vault/withdraw", u.token, { action: "preview", addressId: added.id, amount: "0.1" });
    expect(early).toMatchObject({ status: 409, data: { reason: "addressNotUsable" } });
    suite.w.clock.advance(24 * HOUR - 1);
    await suite.w.prices.poll();
    expect((await suite.w.post("/user/vault/withdraw", u.token, { action: "preview", addressId: added.id, amount: "0.1" })).data.reason).toBe(
      "addressNotUsable",
    );
    suite.w.clock.advance(1);
    expect((await suite.w.ok("/withdraw/list", u.token, {})).addresses[0].state).toBe("usable");
    expect((await suite.w.ok("/user/vault/withdraw", u.token, { action: "preview", addressId: added.id, amount: "0.1" })).preview.receive.value).toBe(
      "0.09980000",
    );
  });

  it("a link past its hour, or one that is not ours, confirms nothing", async () => {
    const u = await suite.w.user();
    await suite.w.ok("/withdraw/add", u.token, btc);
    const link = (await suite.w.latestMail(u.email)).link("/withdraw-links/address");
    suite.w.clock.advance(HOUR);
    expect((await suite.w.openLink(link)).status).toBe(404);
    expect((await suite.w.openLink(link, true)).status).toBe(404);
    expect((await suite.w.ok("/withdraw/list", u.token, {})).addresses[0].state).toBe("expired");
    const forged = new URL(link);
    forged.searchParams.set("token", "A".repeat(43));
    expect((await suite.w.openLink(forged, true)).status).toBe(404);
  });
});

describe("update, delete, and another user's ids", () => {
  it("renames and removes one's own; a second user's ids are not found and change nothing", async () => {
    const owner = await suite.w.user();
    const other = await suite.w.user();
    const added = await suite.w.ok("/withdraw/add", owner.token, btc);
    for (const [path, body] of [
      ["/withdraw/update", { id: added.id, label: "Mine now" }],
      ["/withdraw/delete", { id: added.id }],
      ["/user/vault/withdraw", { action: "preview", addressId: added.id, amount: "0.1" }],
      ["/user/vault/withdraw", { action: "request", addressId: added.id, amount: "0.1", idempotencyKey: "other-user-key-1" }],
    ] as const) {
      expect(await suite.w.post(path, other.token, body), path).toMatchObject({ status: 404, data: { reason: "addressNotFound" } });
    }
    expect((await suite.w.ok("/withdraw/list", other.token, {})).addresses).toEqual([]);
    expect((await suite.w.ok("/withdraw/update", owner.token, { id: added.id, label: "Ledger Nano" })).label).toBe("Ledger Nano");
    expect((await suite.w.post("/withdraw/delete", owner.token, { id: added.id })).status).toBe(200);
    expect((await suite.w.ok("/withdraw/list", owner.token, {})).addresses).toEqual([]);
    expect((await suite.w.post("/withdraw/delete", owner.token, { id: added.id })).data.reason).toBe("addressNotFound");
    expect((await suite.w.post("/withdraw/update", owner.token, { id: "not-a-uuid", label: "x" })).data.fieldKeys).toEqual({ id: "field.invalid" });
  });
});
