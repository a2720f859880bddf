// The report's period fields are the history's day fields (src/shared/ui/DateInput.tsx): written
// as the page writes dates, never in the browser's own mm/dd/yyyy; typed in the page's order with
// the same parsing, messages and keys; left to right in Arabic; and a period that ends before it
// starts is said so beside its To field, with no report for it.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Report, ReportBody } from "../../../contract/index.ts";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

const report = ({ method, from, to }: ReportBody): Report => ({
  currency: "USD",
  method: method ?? "fifo",
  from: from ?? null,
  to: to ?? "2026-11-30",
  assets: [],
  totals: { boughtValue: "0.00", soldValue: "0.00", fees: "0.00", realised: "0.00" },
  csv: "id,time\r\n",
  filename: "sarraf-buy-sell-report.csv",
});
const calls = { buySellReport: report };
const heading = () => screen.getByRole("heading", { level: 2, name: /^(From|Everything)/ });

describe("the report's period", { timeout: 20_000 }, () => {
  it("shows the address's days as the page writes them, as text fields with the history's hint", async () => {
    await renderApp("/portfolio/report?from=2026-11-01&to=2026-11-30", { user: storedUser, calls });
    const from = await screen.findByLabelText("From", {}, { timeout: 10_000 });
    expect(from).toHaveAttribute("type", "text");
    expect(from).toHaveAttribute("dir", "ltr");
    expect(from).toHaveValue("1 Nov 2026");
    expect(screen.getByLabelText("To")).toHaveValue("30 Nov 2026");
    expect(from).toHaveAccessibleDescription("For example 28 Nov 2026 or 28/11/2026");
    // The heading writes the days the same way, each in a left-to-right isolate.
    expect(heading().textContent).toBe("From \u20661 Nov 2026\u2069 to \u206630 Nov 2026\u2069");
  });

  it("takes a day in the page's order, applies it at once, and writes it back the page's way on Enter", async () => {
    const { call, memory } = await renderApp("/portfolio/report?to=2026-11-30", { user: storedUser, calls });
    const from = await screen.findByLabelText("From", {}, { timeout: 10_000 });
    fireEvent.change(from, { target: { value: "3/4/202" } });
    expect(memory.history?.at(-1)).toBe("/portfolio/report?to=2026-11-30");
    fireEvent.change(from, { target: { value: "3/4/2026" } });
    // Day first, as the page writes it: 3 April, not March 4th.
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/portfolio/report?from=2026-04-03&to=2026-11-30"));
    await waitFor(() => expect(bodiesOf(call, "buySellReport").at(-1)).toMatchObject({ from: "2026-04-03", to: "2026-11-30" }));
    fireEvent.keyDown(from, { key: "Enter" });
    expect(from).toHaveValue("3 Apr 2026");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "30 april 2026" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/portfolio/report?from=2026-04-03&to=2026-04-30"));
  });

  it("says so when the text is not a day, and changes nothing; emptied, the day goes", async () => {
    const { memory } = await renderApp("/portfolio/report?from=2026-11-01", { user: storedUser, calls });
    const from = await screen.findByLabelText("From", {}, { timeout: 10_000 });
    fireEvent.change(from, { target: { value: "31/02/2026" } });
    fireEvent.blur(from);
    expect(from).toHaveAttribute("aria-invalid", "true");
    expect(from).toHaveAccessibleDescription("Enter a day such as 28 Nov 2026.");
    expect(memory.history?.at(-1)).toBe("/portfolio/report?from=2026-11-01");
    fireEvent.change(from, { target: { value: "" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/portfolio/report"));
    expect(from).not.toHaveAttribute("aria-invalid");
    expect(heading()).toHaveTextContent("Everything up to today");
  });

  it("says beside To when the period ends before it starts, and shows no report for it", async () => {
    await renderApp("/portfolio/report?from=2026-11-01&to=2026-11-30", { user: storedUser, calls });
    const to = await screen.findByLabelText("To", {}, { timeout: 10_000 });
    await screen.findByText("Nothing was bought, sold or converted in this period.");
    fireEvent.change(to, { target: { value: "1/10/2026" } });
    await waitFor(() => expect(to).toHaveAttribute("aria-invalid", "true"));
    expect(to).toHaveAccessibleDescription(expect.stringContaining("The end day is before the start day."));
    expect(screen.getByText("Choose an end day on or after the start day to see the report.")).toBeInTheDocument();
    expect(screen.queryByText("Nothing was bought, sold or converted in this period.")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeDisabled();
    fireEvent.change(to, { target: { value: "1/12/2026" } });
    await waitFor(() => expect(to).not.toHaveAttribute("aria-invalid"));
    await screen.findByText("Nothing was bought, sold or converted in this period.");
  });

  it("writes and reads days the Arabic page's way, Latin digits kept left to right", async () => {
    const { memory } = await renderApp("/portfolio/report?from=2026-11-01", { user: storedUser, locale: "ar", calls });
    const from = await screen.findByLabelText("من", {}, { timeout: 10_000 });
    expect(document.documentElement).toHaveAttribute("dir", "rtl");
    expect(from).toHaveValue("01/11/2026");
    expect(from).toHaveAttribute("dir", "ltr");
    // The heading's day sits in a left-to-right isolate inside the Arabic.
    expect(screen.getByRole("heading", { level: 2, name: /01\/11\/2026/ }).textContent).toContain("\u206601/11/2026\u2069");
    fireEvent.change(screen.getByLabelText("إلى"), { target: { value: "٣٠/١١/٢٠٢٦" } });
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/portfolio/report?from=2026-11-01&to=2026-11-30"));
  });
});
