import { describe, expect, it } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import { Toasts } from "../../../src/app/Toasts.tsx";
import { showAuthNotice } from "../../../src/features/auth/services/notices.ts";
import { activateLocale, loadCatalog } from "../../../src/shared/i18n/catalogs.ts";
import type { AuthNotice } from "../../../machines/auth/auth.types.ts";

const notice = (name: AuthNotice, email?: string) => act(() => showAuthNotice({ type: "auth.notice", notice: name, ...(email ? { email } : {}) }));

async function showToasts(locale: "en" | "ar") {
  await loadCatalog(locale);
  activateLocale(locale);
  render(<Toasts />);
}

describe("auth toasts", () => {
  it("signing in takes down the flow's toasts at once, then welcomes", async () => {
    await showToasts("en");
    notice("codeSent", "layla@example.com");
    const codeSent = await screen.findByText(/We e-mailed a 6-digit code to/);
    const shownAt = Date.now();
    notice("welcome");
    expect(await screen.findByText("Welcome to Sarraf.")).toBeInTheDocument();
    // Left alone, a success toast stays 2 s and leaves 1 s later: gone well before that, it was dismissed.
    await waitFor(() => expect(codeSent).not.toBeInTheDocument(), { timeout: 4000 });
    expect(Date.now() - shownAt).toBeLessThan(2000);
  });

  it("signing out takes them down too, then confirms", async () => {
    await showToasts("en");
    notice("passwordReset");
    const reset = await screen.findByText("Your password has been changed. Log in with your new password.");
    const shownAt = Date.now();
    notice("signedOut");
    expect(await screen.findByText("You have logged out.")).toBeInTheDocument();
    await waitFor(() => expect(reset).not.toBeInTheDocument(), { timeout: 4000 });
    expect(Date.now() - shownAt).toBeLessThan(2000);
  });

  it("shows an address left to right and in one piece inside an Arabic sentence", async () => {
    await showToasts("ar");
    notice("codeSent", "layla-haddad@example.com");
    const address = await screen.findByText("layla-haddad@example.com");
    expect(address.tagName).toBe("BDI");
    expect(address).toHaveAttribute("dir", "ltr");
    expect(address).toHaveClass("email");
    // The sentence around it is Arabic, and the address carries no stray marks.
    expect(address.parentElement?.textContent).toMatch(/^[\u0600-\u06FF].*layla-haddad@example\.com/);
    expect(address.textContent).toBe("layla-haddad@example.com");
  });
});
