import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { storedUser } from "../../../machines/auth/auth.fixtures.ts";
import { kycDetails, photoIds } from "../../../machines/kyc/kyc.fixtures.ts";
import { KYC_POLL_MS } from "../../../machines/kyc/kyc.types.ts";
import { bodiesOf, renderApp } from "../renderApp.tsx";

// The pending page polls on the machine's delay: the clock runs as usual, and a test may jump it ahead.
beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const fill = (name: RegExp | string, value: string) => fireEvent.change(screen.getByRole("textbox", { name }), { target: { value } });
const photo = (name: string) => new File(["jpeg"], name, { type: "image/jpeg" });

describe("the KYC page", { timeout: 30_000 }, () => {
  it("sends the form with its uploaded photos' ids, waits for the review by itself, and shows the approval", async () => {
    const details = [kycDetails("notStarted"), kycDetails("approved")];
    const upload = vi.fn(async (_path: string, form: FormData) => ({ id: form.get("purpose") === "kycSelfie" ? photoIds.selfieFileId : photoIds.frontFileId }));
    const { call } = await renderApp("/kyc", {
      user: storedUser,
      upload,
      calls: {
        kycDetails: () => details.shift() ?? kycDetails("approved"),
        kycSubmit: () => kycDetails("pending"),
      },
    });
    await screen.findByRole("heading", { name: "Your details" });
    fill("First name", "Amal");
    fill("Last name", "Haddad");
    fill("Date of birth", "1990-05-17");
    fireEvent.change(screen.getByRole("combobox", { name: "Country of residence" }), { target: { value: "AE" } });
    fill("Street address", "12 Corniche Road");
    fill("City", "Abu Dhabi");
    fill("Document number", "n1234567");
    fireEvent.change(screen.getByLabelText("Photo page of the passport"), { target: { files: [photo("front.jpg")] } });
    fireEvent.change(screen.getByLabelText("A selfie"), { target: { files: [photo("selfie.jpg")] } });
    fireEvent.click(screen.getByRole("button", { name: "Send for review" }));

    await screen.findByRole("heading", { name: "Your documents are being reviewed" });
    expect(upload.mock.calls.map(([path, form]) => [path, form.get("purpose")])).toEqual([
      ["/file/add", "kycDocument"],
      ["/file/add", "kycSelfie"],
    ]);
    expect(bodiesOf(call, "kycSubmit")).toEqual([
      expect.objectContaining({ firstName: "Amal", country: "AE", documentType: "passport", documentNumber: "N1234567", ...photoIds }),
    ]);
    await act(() => vi.advanceTimersByTimeAsync(KYC_POLL_MS));
    await screen.findByRole("heading", { name: /Your identity is verified/ });
  });

  it("says what is missing at each field before sending anything", async () => {
    const { call } = await renderApp("/kyc", { user: storedUser, calls: { kycDetails: () => kycDetails("notStarted") } });
    await screen.findByRole("heading", { name: "Your details" });
    fill("Date of birth", "2015-01-01");
    fireEvent.change(screen.getByRole("combobox", { name: "Document type" }), { target: { value: "nationalId" } });
    fireEvent.click(screen.getByRole("button", { name: "Send for review" }));
    expect(await screen.findAllByText("Enter your name.")).toHaveLength(2);
    expect(screen.getByText("You must be at least 18 years old to verify your identity.")).toBeInTheDocument();
    expect(screen.getByText("Choose a country from the list.")).toBeInTheDocument();
    // An ID card has a back: three photos are asked for.
    expect(screen.getAllByText("Add this photo.")).toHaveLength(3);
    expect(bodiesOf(call, "kycSubmit")).toEqual([]);
  });

  it("shows a rejection's reasons with a retry that opens the form with the name kept; a final one points to support", async () => {
    const upload = vi.fn(async () => ({ id: photoIds.frontFileId }));
    const { call } = await renderApp("/kyc", {
      user: storedUser,
      upload,
      calls: { kycDetails: () => kycDetails("rejected", { reasons: ["selfieMismatch", "documentExpired"] }), kycSubmit: () => kycDetails("pending") },
    });
    const section = (await screen.findByRole("heading", { name: "We could not verify your identity" })).closest("section")!;
    expect(within(section).getByText(/The selfie does not match/)).toBeInTheDocument();
    expect(within(section).getByText(/The document has expired/)).toBeInTheDocument();
    fireEvent.click(within(section).getByRole("button", { name: "Try again with new documents" }));
    expect(await screen.findByRole("textbox", { name: "First name" })).toHaveValue("Amal");
    expect(screen.getByRole("textbox", { name: "Document number" })).toHaveValue("");
    // Only the form's own fields are sent again (the old answer's id and review are not fields).
    fill("Document number", "N7654321");
    fireEvent.change(screen.getByLabelText("Photo page of the passport"), { target: { files: [photo("front.jpg")] } });
    fireEvent.change(screen.getByLabelText("A selfie"), { target: { files: [photo("selfie.jpg")] } });
    fireEvent.click(screen.getByRole("button", { name: "Send for review" }));
    await screen.findByRole("heading", { name: "Your documents are being reviewed" });
    expect(Object.keys(bodiesOf(call, "kycSubmit")[0] as object).sort()).toEqual(
      [
        "addressLine",
        "city",
        "country",
        "dateOfBirth",
        "documentNumber",
        "documentType",
        "firstName",
        "frontFileId",
        "lastName",
        "postalCode",
        "selfieFileId",
      ].sort(),
    );
  });

  it("offers no retry after a final rejection", async () => {
    await renderApp("/kyc", { user: storedUser, calls: { kycDetails: () => kycDetails("rejected", { retry: false, reasons: ["fraudSuspected"] }) } });
    await screen.findByRole("heading", { name: "We could not verify your identity" });
    expect(screen.getByText(/This decision is final/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Try again with new documents" })).toBeNull();
  });
});

describe("the Buy page's gate", { timeout: 30_000 }, () => {
  it("explains the threshold and links to the verification before an order is filled", async () => {
    await renderApp("/buy", { user: storedUser });
    const note = await screen.findByRole("note");
    expect(note.textContent).toMatch(/Card buys above .*1,000.* need a verified identity/);
    expect(within(note).getByRole("link", { name: "Verify your identity" })).toHaveAttribute("href", "/kyc");
  });
});
