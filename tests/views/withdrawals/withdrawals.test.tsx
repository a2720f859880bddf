// The withdrawals page over stubbed calls: the gates said up front (a password change's lock, a
// freeze with since when and how to reach support, with the form disabled), an address cooling off with its countdown from the server's clock, and the
// figures shown before a code is asked for.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { answerWith, sampleAddress, sampleList, sampleWithdrawal } from "../../../machines/withdrawals/withdrawals.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

const main = () => within(screen.getByRole("main"));

describe("the withdrawals page", { timeout: 20_000 }, () => {
  it("says withdrawals are paused after a password change, and disables the form", async () => {
    const locked = { ...sampleList, status: { ...sampleList.status, lockedUntil: "2026-11-29T12:00:00.000Z" } };
    await renderApp("/withdrawals", { user: storedUser, calls: { withdrawList: () => locked } });
    expect(await main().findByTestId("locked", {}, { timeout: 10_000 })).toHaveTextContent("Your password was changed recently");
    expect(screen.getByLabelText("To address")).toBeDisabled();
  });

  it("says clearly that withdrawals are frozen, since when, and how to reach support; no address can be added, the form is disabled", async () => {
    const frozen = { ...sampleList, status: { ...sampleList.status, frozen: true, frozenAt: "2026-11-27T09:15:00.000Z" } };
    await renderApp("/withdrawals", { user: storedUser, calls: { withdrawList: () => frozen } });
    const notice = await main().findByTestId("frozen", {}, { timeout: 10_000 });
    expect(within(notice).getByRole("heading", { name: "Withdrawals are frozen" })).toBeInTheDocument();
    expect(notice).toHaveTextContent(/frozen since Nov 27, 2026/);
    expect(within(notice).getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");
    expect(within(notice).getByRole("link", { name: /@/ })).toHaveAttribute("href", expect.stringMatching(/^mailto:/));
    expect(screen.getByLabelText("To address")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Add address" })).toBeNull();
  });

  it("counts down to when a cooling-off address becomes usable, by the server's clock", async () => {
    const cooling = { ...sampleAddress, state: "coolingOff" as const, usableAt: "2026-11-28T17:30:00.000Z" };
    await renderApp("/withdrawals", { user: storedUser, calls: { withdrawList: () => ({ ...sampleList, addresses: [cooling] }) } });
    const row = await main().findByTestId("address", {}, { timeout: 10_000 });
    expect(row.textContent?.replace(/[\u2066-\u2069]/g, "")).toContain("Cooling off (usable in 5 h 30 min)");
  });

  it("shows the fee and what arrives before asking for a code, then asks for it", async () => {
    const { call } = await renderApp("/withdrawals", {
      user: storedUser,
      calls: {
        withdrawList: () => sampleList,
        vaultWithdraw: (body: { action: string }) => answerWith(body.action === "preview" ? null : sampleWithdrawal("awaitingCode")),
      },
    });
    fireEvent.change(await main().findByLabelText("To address", {}, { timeout: 10_000 }), { target: { value: sampleAddress.id } });
    fireEvent.change(screen.getByLabelText("Amount in BTC"), { target: { value: "0.25" } });
    fireEvent.click(screen.getByRole("button", { name: "Review fee" }));
    expect(await screen.findByTestId("receive")).toHaveTextContent("0.2498 BTC");
    fireEvent.click(screen.getByRole("button", { name: "Send me the code" }));
    expect(await screen.findByLabelText("Code from the e-mail")).toBeInTheDocument();
    await waitFor(() => expect(bodiesOf(call, "vaultWithdraw").map((body) => (body as { action: string }).action)).toEqual(["preview", "request"]));
  });
});
