import { beforeAll, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { profileWith, signedInUser } from "../../../machines/auth/auth.fixtures.ts";
import { renderApp } from "../renderApp.tsx";
import { loadStrengthJudge } from "../../../src/shared/lib/strength.ts";

const signedIn = signedInUser();
const TOO_EASY = "This password is too easy to guess.";

// The estimator's chunks load when a password form opens, and the pages are lazy too; loading
// them here first keeps these tests about what the forms show and send, not about when a
// dynamic import settles.
beforeAll(async () => {
  await Promise.all([
    loadStrengthJudge(),
    import("../../../src/features/account/pages/ProfilePage.tsx"),
    import("../../../src/features/auth/pages/ResetPasswordPage.tsx"),
  ]);
});

const meter = () => screen.getByRole("meter", { name: "Password strength" });

/** The meter's value and word, and the advice under it, all inside one polite live region. */
function shown() {
  const region = meter().closest("[aria-live]") as HTMLElement;
  expect(region).toHaveAttribute("aria-live", "polite");
  return {
    score: meter().getAttribute("aria-valuenow"),
    word: meter().getAttribute("aria-valuetext"),
    advice: within(region)
      .queryAllByRole("listitem")
      .map((item) => item.textContent),
    text: region.textContent,
  };
}

/** The profile's change-password form, the current password typed in. */
async function changePasswordForm() {
  const changePassword = vi.fn(() => null);
  await renderApp("/profile", { user: signedIn, calls: { changePassword } });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Current password", {}, { timeout: 5000 }), "correct horse battery");
  return { changePassword, user, field: screen.getByLabelText("New password") };
}

// Generous limits only because a busy 2-core machine renders the whole app slowly; nothing here is timed.
const SLOW = 20_000;

describe("change password", () => {
  it("shows the strength and the advice while typing, and sends nothing while the password is weak", { timeout: SLOW }, async () => {
    const { changePassword, user, field } = await changePasswordForm();
    expect(screen.queryByRole("meter")).toBeNull();
    await user.type(field, "password1234");
    expect(shown()).toMatchObject({
      score: "1",
      word: "Weak",
      advice: ["This is similar to a commonly used password.", "Add more words that are less common."],
    });
    expect(shown().text).toContain("Weak");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TOO_EASY));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(field).toHaveFocus();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("refuses a Fair password too: the server asks for Strong", { timeout: SLOW }, async () => {
    const { changePassword, user, field } = await changePasswordForm();
    await user.type(field, "zxcvbnm,./asdf");
    expect(shown()).toMatchObject({ score: "2", word: "Fair" });
    expect(shown().advice).toContain("Straight rows of keys on the keyboard are easy to guess.");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TOO_EASY));
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("shows Strong for a strong password and sends it", { timeout: SLOW }, async () => {
    const { changePassword, user, field } = await changePasswordForm();
    await user.type(field, "harbour lantern");
    expect(shown()).toMatchObject({ score: "3", word: "Strong", advice: [] });
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(field).not.toHaveAccessibleDescription(expect.stringContaining(TOO_EASY));
    expect(changePassword).toHaveBeenCalledExactlyOnceWith({ currentPassword: "correct horse battery", newPassword: "harbour lantern" });
  });
});

describe("set password", () => {
  it("judges the password against the user's own name and e-mail", { timeout: SLOW }, async () => {
    const zubaida = profileWith({ email: "zubaida.qarawi@mail.example", fullName: "Zubaida Qarawi", hasPassword: false });
    // The route answers the profile, now with a password.
    const setPassword = vi.fn(() => ({ ...zubaida, hasPassword: true }));
    await renderApp("/profile", { user: signedInUser(zubaida), calls: { getProfile: () => zubaida, setPassword } });
    const user = userEvent.setup();
    const field = await screen.findByLabelText("New password", {}, { timeout: 5000 });
    await user.type(field, "ZubaidaQarawi99");
    expect(shown()).toMatchObject({
      word: "Weak",
      advice: ["Do not use your name, your e-mail address or the name of this site.", "Add more words that are less common."],
    });
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TOO_EASY));
    expect(setPassword).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, "quiet violet harbour");
    expect(shown()).toMatchObject({ score: "4", word: "Very strong", advice: [] });
    await user.click(screen.getByRole("button", { name: "Set password" }));
    expect(setPassword).toHaveBeenCalledExactlyOnceWith({ password: "quiet violet harbour" });
  });
});

describe("reset password", () => {
  it("judges with the e-mail being reset, and sends nothing while the password is weak", { timeout: SLOW }, async () => {
    const resetPassword = vi.fn(() => Promise.resolve(null));
    await renderApp("/reset-password?email=zubaida.qarawi%40mail.example&code=123456", { calls: { resetPassword } });
    const user = userEvent.setup();
    const field = await screen.findByLabelText("New password", {}, { timeout: 5000 });
    await user.type(field, "zubaidaqarawi2026");
    expect(shown()).toMatchObject({
      word: "Weak",
      advice: ["Do not use your name, your e-mail address or the name of this site.", "Add more words that are less common."],
    });
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TOO_EASY));
    expect(resetPassword).not.toHaveBeenCalled();
    // Another address makes the same password fine.
    await user.clear(screen.getByLabelText("E-mail"));
    await user.type(screen.getByLabelText("E-mail"), "layla@example.com");
    expect(shown().word).not.toMatch(/weak/i);
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(resetPassword).toHaveBeenCalledExactlyOnceWith({ email: "layla@example.com", otp: "123456", password: "zubaidaqarawi2026" });
  });
});
