import { describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TERMS_VERSION } from "../../../contract/index.ts";
import { codeSent } from "../../../machines/auth/auth.fixtures.ts";
import { renderApp } from "../renderApp.tsx";

const consentName = "I accept the Terms of Service and the Privacy Policy and have read the Risk Disclosure.";

async function fillSignup(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Full name"), "Layla Haddad");
  await user.type(screen.getByLabelText("E-mail"), "layla@example.com");
  await user.type(screen.getByLabelText("Password"), "copper kettle sunrise");
}

describe("the sign-up's consent", () => {
  it("is required: left unticked, its error shows beside it, it gets focus, and nothing is sent; ticked by keyboard, the version is sent", async () => {
    const signup = vi.fn(() => Promise.resolve(codeSent("layla@example.com")));
    const { memory } = await renderApp("/signup", { calls: { signup } });
    const user = userEvent.setup();
    await fillSignup(user);
    const box = screen.getByRole("checkbox", { name: consentName });
    expect(box).toBeRequired();
    expect(box).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(signup).not.toHaveBeenCalled();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription(expect.stringContaining("Tick the box to accept the terms and create your account."));
    expect(box).toHaveFocus();

    await user.keyboard(" ");
    expect(box).toBeChecked();
    expect(box).not.toHaveAttribute("aria-invalid");
    expect(box).not.toHaveAccessibleDescription(expect.stringContaining("Tick the box"));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/verify-email"));
    expect(signup).toHaveBeenCalledTimes(1);
    expect(signup).toHaveBeenCalledWith(expect.objectContaining({ acceptedTerms: TERMS_VERSION }));
  });

  it("links each document, opening it in a new tab so the form keeps what was typed", async () => {
    await renderApp("/signup");
    const box = await screen.findByRole("checkbox", { name: consentName });
    expect(box).toHaveAccessibleDescription(expect.stringContaining("They open in a new tab"));
    const label = document.querySelector(`label[for="${box.id}"]`) as HTMLElement;
    for (const [name, href] of [
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Risk Disclosure", "/risk-disclosure"],
    ]) {
      const link = within(label).getByRole("link", { name });
      expect(link).toHaveAttribute("href", href);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener");
    }
  });

  it("shows the server's refusal of the consent next to the box", async () => {
    const message = "Our terms have changed since this page was opened. Reload the page, read the new terms and accept them.";
    const signup = () =>
      Promise.reject(
        Object.assign(new Error("Some fields are not valid."), {
          code: "badRequest",
          data: { reason: "validation", fields: { acceptedTerms: message }, fieldKeys: { acceptedTerms: "terms.outdated" } },
        }),
      );
    await renderApp("/signup", { calls: { signup } });
    const user = userEvent.setup();
    await fillSignup(user);
    await user.click(screen.getByRole("checkbox", { name: consentName }));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(screen.getByRole("checkbox", { name: consentName })).toHaveAccessibleDescription(expect.stringContaining(message)));
  });

  it("tells a visitor that continuing with Google, Apple or Facebook accepts the same documents", async () => {
    await renderApp("/signup");
    const note = (await screen.findByText(/By continuing with Google, Apple or Facebook/)).closest("p")!;
    expect(within(note).getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    expect(within(note).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(within(note).getByRole("link", { name: "Risk Disclosure" })).toHaveAttribute("href", "/risk-disclosure");
  });
});
