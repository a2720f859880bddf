import { describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { signedInUser } from "../../../machines/auth/auth.fixtures.ts";
import { renderApp } from "../renderApp.tsx";

const signedIn = signedInUser();
const serverError = (code: string, message: string, data?: unknown) => Object.assign(new Error(message), { code, data });
const wrongPassword = () => Promise.reject(serverError("badRequest", "The e-mail address or password is not correct.", { reason: "invalidCredentials" }));

/** The error an input is described by: its element, class, icon and text. */
function errorOf(input: HTMLElement) {
  expect(input).toHaveAttribute("aria-invalid", "true");
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains("field-error"));
  expect(error).toBeTruthy();
  return { className: error!.className, icon: error!.querySelector("svg")?.outerHTML, text: error!.textContent };
}

const alertLook = (alert: HTMLElement) => ({ className: alert.className, icon: alert.querySelector("svg")?.outerHTML });

async function logInWrongly(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("E-mail", {}, { timeout: 5000 }), "trader@example.com");
  await user.type(screen.getByLabelText("Password"), "wrong password!");
  await user.click(screen.getByRole("button", { name: "Log in" }));
}

describe("errors look like errors everywhere", () => {
  it("a profile form's errors have sign-up's class, icon and role", async () => {
    const signup = () => Promise.reject(serverError("rateLimited", "Too many requests. Please wait and try again.", { reason: "rateLimited" }));
    const first = await renderApp("/signup", { calls: { signup } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create account" }, { timeout: 5000 }));
    const signupField = errorOf(screen.getByLabelText("Full name"));
    expect(signupField.icon).toContain("<svg");
    await user.type(screen.getByLabelText("Full name"), "Layla");
    await user.type(screen.getByLabelText("E-mail"), "layla@example.com");
    await user.type(screen.getByLabelText("Password"), "copper kettle sunrise");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const signupAlert = alertLook(await screen.findByRole("alert"));
    expect(signupAlert.icon).toBe(signupField.icon);
    first.unmount();

    const changePassword = () => Promise.reject(serverError("badRequest", "Your current password is not correct.", { reason: "currentPasswordWrong" }));
    await renderApp("/profile", { user: signedIn, calls: { changePassword } });
    const name = await screen.findByLabelText("Full name", {}, { timeout: 5000 });
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    const profileField = errorOf(name);
    expect({ ...profileField, text: null }).toEqual({ ...signupField, text: null });
    expect(profileField.text).toBe("Enter your name.");
    await user.type(screen.getByLabelText("Current password"), "wrong horse battery");
    await user.type(screen.getByLabelText("New password"), "violet harbour lantern");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(alertLook(await screen.findByRole("alert"))).toEqual(signupAlert);
  }, 20_000);
});

describe("an old error goes when the user edits the form", () => {
  it("the alert clears when the user types, and the next failure shows again", async () => {
    const login = vi.fn(wrongPassword);
    await renderApp("/login", { calls: { login } });
    const user = userEvent.setup();
    await logInWrongly(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is not correct.");
    await user.type(screen.getByLabelText("Password"), "?");
    expect(screen.queryByRole("alert")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is not correct.");
    expect(login).toHaveBeenCalledTimes(2);
  });

  it("a field's server error clears when the user types in any field of the form", async () => {
    const signup = () =>
      Promise.reject(
        serverError("badRequest", "Some fields are not valid.", {
          reason: "validation",
          fields: { password: "This password is too common. Choose one that is harder to guess." },
          fieldKeys: { password: "password.common" },
        }),
      );
    await renderApp("/signup", { calls: { signup } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Full name", {}, { timeout: 5000 }), "Layla");
    await user.type(screen.getByLabelText("E-mail"), "layla@example.com");
    await user.type(screen.getByLabelText("Password"), "copper kettle sunrise");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const password = screen.getByLabelText("Password");
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining("This password is too common.")));
    await user.type(screen.getByLabelText("Full name"), " Haddad");
    expect(password).not.toHaveAccessibleDescription(expect.stringContaining("This password is too common."));
    expect(password).not.toHaveAttribute("aria-invalid");
  });
});

describe("errors are kept as codes and shown in the language active now", () => {
  it("a login refused in English reads in Arabic after switching, with its full stop at the sentence's end", async () => {
    await renderApp("/login", { calls: { login: wrongPassword } });
    const user = userEvent.setup();
    await logInWrongly(user);
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is not correct.");
    await user.click(screen.getByRole("button", { name: "العربية" }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute("dir", "rtl"));
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent(/^البريد الإلكتروني أو كلمة المرور غير صحيحة\.$/));
    // Translated text takes the page's direction: right to left, so the full stop ends up on the left.
    expect(
      within(alert)
        .getByText(/غير صحيحة/)
        .closest("[dir]"),
    ).toBe(document.documentElement);
  });

  it("a field error from the server's key is re-translated too", async () => {
    const verifyOtp = () =>
      Promise.reject(
        serverError("badRequest", "Some fields are not valid.", {
          reason: "validation",
          fields: { email: "Enter a valid e-mail address." },
          fieldKeys: { email: "email.invalid" },
        }),
      );
    await renderApp("/verify-email?email=layla%40example.com", { calls: { verifyOtp } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("6-digit code", {}, { timeout: 5000 }), "123456");
    await user.click(screen.getByRole("button", { name: "Verify and continue" }));
    await waitFor(() => expect(screen.getByLabelText("E-mail")).toHaveAccessibleDescription("Enter an e-mail address such as name@example.com."));
    await user.click(screen.getByRole("button", { name: "العربية" }));
    await waitFor(() =>
      expect(screen.getByLabelText("البريد الإلكتروني")).toHaveAccessibleDescription("أدخل عنوان بريد إلكتروني صالحًا، مثل name@example.com."),
    );
  });

  it("an unknown reason falls back to the server's words, in their own direction", async () => {
    const login = () => Promise.reject(serverError("badRequest", "A reason this client does not know yet.", { reason: "somethingNew" }));
    await renderApp("/login", { calls: { login } });
    await logInWrongly(userEvent.setup());
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("A reason this client does not know yet.");
    expect(alert.querySelector("bdi")).toHaveTextContent("A reason this client does not know yet.");
  });

  it("a wait is a live countdown in plain words that ends", async () => {
    // The countdown's clock (its interval and Date) is the test's: on a busy machine a real second
    // could pass unseen between two looks (CI run 42 saw "2 seconds", then "now"). Timeouts stay
    // real, so typing and the findBy waits run as in every other test.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      const login = () => Promise.reject(serverError("rateLimited", "Too many requests. Please wait and try again.", { reason: "rateLimited", retryAfter: 2 }));
      await renderApp("/login", { calls: { login } });
      await logInWrongly(userEvent.setup());
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent("Too many requests. Please wait and try again. You can try again in 2 seconds.");
      expect(within(alert).getByRole("timer")).toHaveTextContent("You can try again in 2 seconds.");
      act(() => vi.advanceTimersByTime(999));
      expect(alert).toHaveTextContent("You can try again in 2 seconds.");
      act(() => vi.advanceTimersByTime(1));
      expect(alert).toHaveTextContent("You can try again in 1 second.");
      act(() => vi.advanceTimersByTime(1000));
      expect(alert).toHaveTextContent("You can try again now.");
      expect(within(alert).queryByRole("timer")).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
