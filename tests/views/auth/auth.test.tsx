import { describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SimulatedClock } from "xstate";
import { TERMS_VERSION } from "../../../contract/index.ts";
import { codeSent, profile, signedInUser } from "../../../machines/auth/auth.fixtures.ts";
import { pushRecord } from "../../../machines/notifications/notifications.fixtures.ts";
import { renderApp } from "../renderApp.tsx";
import { ActorsProvider } from "../../../src/shared/actors/context.tsx";
import { useClientState } from "../../../src/features/auth/clientState.ts";
import type { PopupEdge } from "../../../src/features/auth/services/actors.ts";
import type { PushEdge } from "../../../src/features/notifications/services/actors.ts";
import type { SocialPopupEvent } from "../../../machines/auth/socialPopup.machine.ts";

const signedIn = signedInUser();
const serverError = (code: string, message: string, data?: unknown) => Object.assign(new Error(message), { code, data });

/** A popup the test answers for the callback page (its request id is r-1), or closes. */
function fakePopup() {
  let closed = false;
  let deliver: (event: SocialPopupEvent) => void = () => {};
  const popup: PopupEdge & { answer: (event: SocialPopupEvent) => void; close: () => void } = {
    open: () => ({ requestId: "r-1", isClosed: () => closed, close: () => (closed = true) }),
    listen: (sendBack) => {
      deliver = sendBack;
      return () => {};
    },
    answer: (event) => deliver(event),
    close: () => (closed = true),
  };
  return popup;
}

/** Resolves when a status (a toast) with this text is in the page, as soon as it appears. */
function statusShown(text: string): Promise<void> {
  return new Promise((resolve) => {
    const shown = () => [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.includes(text));
    const check = () => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  });
}

describe("login", () => {
  it("checks the form before sending: each problem next to its field, focus on the first", async () => {
    const login = vi.fn(() => signedIn);
    await renderApp("/login", { calls: { login } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log in" }));
    const email = screen.getByLabelText("E-mail");
    expect(email).toHaveAccessibleDescription("This field is required.");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveFocus();
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("This field is required.");
    await user.type(email, "not-an-address");
    expect(email).toHaveAccessibleDescription("Enter an e-mail address such as name@example.com.");
    expect(login).not.toHaveBeenCalled();
  });

  it("has the autocomplete hints password managers need", async () => {
    await renderApp("/login");
    expect(await screen.findByLabelText("E-mail")).toHaveAttribute("autocomplete", "username");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    await userEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
  });

  it("logs in, shows progress meanwhile, and lands on the dashboard", async () => {
    let finish: (value: typeof signedIn) => void = () => {};
    const login = vi.fn(() => new Promise<typeof signedIn>((resolve) => (finish = resolve)));
    const { memory, store } = await renderApp("/login", { calls: { login } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "  Trader@Example.com ");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    const busy = await screen.findByRole("button", { name: "Logging in…" });
    expect(busy).toBeDisabled();
    expect(login).toHaveBeenCalledWith({ email: "trader@example.com", password: "correct horse battery" });
    act(() => finish(signedIn));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/dashboard"));
    // Storage is an edge: the app's memory store has the record, the browser's has nothing.
    expect(JSON.parse(store.getItem("authUser") ?? "null")).toEqual(signedIn);
    expect(localStorage.getItem("authUser")).toBeNull();
  });

  it("shows the server's message when the call fails", async () => {
    const login = () => Promise.reject(serverError("badRequest", "The e-mail or password is wrong.", { reason: "invalidCredentials" }));
    await renderApp("/login", { calls: { login } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "trader@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong password!");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    // Translated on the client from the server's reason, not the server's words.
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail address or password is not correct.");
    expect(screen.getByRole("button", { name: "Log in" })).toBeEnabled();
  });

  it("after too many wrong passwords, moves to the e-mail code sign-in with the address filled in and the server's message", async () => {
    const message = "Too many wrong passwords were tried for this account. To keep it safe, sign in with a code sent to your e-mail.";
    const login = vi.fn(() => Promise.reject(serverError("forbidden", message, { reason: "codeRequired", email: "trader@example.com" })));
    const sendOtp = vi.fn(() => Promise.resolve({ ...codeSent("trader@example.com"), token: "otp-1" }));
    await renderApp("/login", { calls: { login, sendOtp } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "Trader@Example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "E-mail code" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByLabelText("Password")).toBeNull();
    expect(screen.getByLabelText("E-mail")).toHaveValue("trader@example.com");
    await user.click(screen.getByRole("button", { name: "E-mail me a code" }));
    expect(await screen.findByLabelText("6-digit code")).toBeInTheDocument();
    expect(sendOtp).toHaveBeenCalledWith({ email: "trader@example.com" });
    expect(screen.queryByText(message)).toBeNull();
  });

  it("says so in our words when the server cannot be reached", async () => {
    await renderApp("/login", { calls: { login: () => Promise.reject(serverError("network", "Failed to fetch")) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "trader@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not reach Sarraf. Check your connection and try again.");
  });

  it("by e-mail code: sends the code, then asks for it with a one-time-code field and a resend cooldown", async () => {
    const sendOtp = vi.fn(() => Promise.resolve({ ...codeSent("trader@example.com"), token: "otp-1" }));
    const verifyOtp = vi.fn(() => Promise.resolve(signedIn));
    const { memory } = await renderApp("/login", { calls: { sendOtp, verifyOtp } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "E-mail code" }));
    await user.type(screen.getByLabelText("E-mail"), "trader@example.com");
    // A success toast is up for 2 s: watched from before the click, so a busy machine cannot miss it.
    const toasted = statusShown("We e-mailed a 6-digit code to trader@example.com.");
    await user.click(screen.getByRole("button", { name: "E-mail me a code" }));
    const code = await screen.findByLabelText("6-digit code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("button", { name: "Send a new code" })).toBeDisabled();
    expect(screen.getByRole("timer")).toHaveTextContent("You can ask again in 60 s");
    // The address is its own left-to-right element inside the toast.
    await toasted;
    await user.type(code, "12345");
    await user.click(screen.getByRole("button", { name: "Verify and continue" }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining("Enter the 6 digits from the e-mail."));
    await user.type(code, "6");
    await user.click(screen.getByRole("button", { name: "Verify and continue" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/dashboard"));
    expect(verifyOtp).toHaveBeenCalledWith({ email: "trader@example.com", otp: "123456", token: "otp-1" });
  });

  it("offers Google, Apple and Facebook, and says so when the browser blocks the popup", async () => {
    // A browser that blocks it: window.open gives nothing.
    await renderApp("/login", { popup: { open: () => null, listen: () => () => {} } });
    const user = userEvent.setup();
    for (const name of ["Continue with Google", "Continue with Apple", "Continue with Facebook"]) {
      expect(await screen.findByRole("button", { name })).toBeEnabled();
    }
    await user.click(screen.getByRole("button", { name: "Continue with Apple" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your browser blocked the sign-in window. Allow pop-ups for this site and try again.");
  });

  it("signs in with the popup's one-time code", async () => {
    const socialLogin = vi.fn(() => Promise.resolve(signedIn));
    const popup = fakePopup();
    const { memory } = await renderApp("/login", { popup, calls: { socialLogin } });
    await userEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    expect(await screen.findByRole("button", { name: "Waiting for Google…" })).toHaveAttribute("aria-busy", "true");
    act(() => popup.answer({ type: "social.result", requestId: "r-1", code: "one-time" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/dashboard"));
    expect(socialLogin).toHaveBeenCalledWith({ code: "one-time" });
  });

  it.each([
    ["denied", "You cancelled signing in with Google."],
    ["emailTaken", "An account with this e-mail already exists. Log in with your password or an e-mail code."],
    ["unauthorizedDomain", "Sign-in with Google is not allowed from this address. Open Sarraf at its usual address and try again."],
    ["failed", "Signing in with Google did not work. Please try again."],
  ] as const)("explains a %s failure in its own words", async (reason, text) => {
    const popup = fakePopup();
    await renderApp("/signup", { popup });
    await userEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    await screen.findByRole("button", { name: "Waiting for Google…" });
    act(() => popup.answer({ type: "social.failure", requestId: "r-1", reason }));
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
  });

  it("explains a popup closed before the end, 8 seconds after it closed", async () => {
    const popup = fakePopup();
    const clock = new SimulatedClock();
    await renderApp("/signup", { popup, clock });
    await userEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    await screen.findByRole("button", { name: "Waiting for Google…" });
    popup.close();
    act(() => clock.increment(500));
    act(() => clock.increment(7_999));
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => clock.increment(1));
    expect(await screen.findByRole("alert")).toHaveTextContent("The Google window was closed before you finished. Try again when you are ready.");
  });
});

describe("sign-up and verification", () => {
  it("signs up, goes to verification for that address, and refuses a weak password first", async () => {
    const signup = vi.fn(() => Promise.resolve(codeSent("layla@example.com")));
    const { memory } = await renderApp("/signup", { calls: { signup } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Full name"), "Layla Haddad");
    await user.type(screen.getByLabelText("E-mail"), "layla@example.com");
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    await user.type(password, "eleven char");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(password).toHaveAccessibleDescription(expect.stringContaining("Use at least 12 characters."));
    await user.clear(password);
    await user.type(password, "my layla@example.com pass");
    expect(password).toHaveAccessibleDescription(expect.stringContaining("must not contain your e-mail address"));
    expect(signup).not.toHaveBeenCalled();
    await user.clear(password);
    await user.type(password, "copper kettle sunrise");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/verify-email"));
    // The page (a lazy chunk) asks for the code sent to that address; another may not be asked for yet.
    expect(await screen.findByRole("button", { name: "Send a new code" })).toBeDisabled();
    expect(screen.getByRole("main")).toHaveTextContent("layla@example.com");
    expect(signup).toHaveBeenCalledWith({
      fullName: "Layla Haddad",
      email: "layla@example.com",
      password: "copper kettle sunrise",
      acceptedTerms: TERMS_VERSION,
    });
  });

  it("shows the server's field message next to its field", async () => {
    const signup = () =>
      Promise.reject(
        serverError("badRequest", "Some fields are not valid.", {
          reason: "validation",
          fields: { password: "This password is too common." },
          fieldKeys: { password: "password.common" },
        }),
      );
    await renderApp("/signup", { calls: { signup } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Full name"), "Layla");
    await user.type(screen.getByLabelText("E-mail"), "layla@example.com");
    await user.type(screen.getByLabelText("Password"), "violet harbour lantern");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Create account" }));
    // Shown from its key, in the language of the moment.
    await waitFor(() =>
      expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
        expect.stringContaining("This password is too common. Choose one that is harder to guess."),
      ),
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks for the address too when opened without a pending sign-up, prefilled from the link", async () => {
    await renderApp("/verify-email?email=layla%40example.com");
    expect(await screen.findByLabelText("E-mail")).toHaveValue("layla@example.com");
    expect(screen.getByRole("button", { name: "Send a new code" })).toBeEnabled();
  });
});

describe("forgot and reset password", () => {
  it("requests a code, then resets with it and goes to log in", async () => {
    const forgotPassword = vi.fn(() => Promise.resolve(codeSent("trader@example.com")));
    const resetPassword = vi.fn(() => Promise.resolve(null));
    const { memory } = await renderApp("/forgot-password", { calls: { forgotPassword, resetPassword } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "trader@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset code" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/reset-password"));
    expect(await screen.findByLabelText("E-mail")).toHaveValue("trader@example.com");
    await user.type(screen.getByLabelText("6-digit code"), "654321");
    await user.type(screen.getByLabelText("New password"), "a brand new passphrase");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/login"));
    expect(resetPassword).toHaveBeenCalledWith({ email: "trader@example.com", otp: "654321", password: "a brand new passphrase" });
  });

  it("fills e-mail and code from the e-mail's link", async () => {
    await renderApp("/reset-password?email=trader%40example.com&code=123456");
    expect(await screen.findByLabelText("E-mail")).toHaveValue("trader@example.com");
    expect(screen.getByLabelText("6-digit code")).toHaveValue("123456");
  });
});

describe("profile", () => {
  it("shows the account and saves a new name", async () => {
    const updateProfile = vi.fn(() => Promise.resolve({ ...profile, fullName: "Layla H." }));
    const { store } = await renderApp("/profile", { user: signedIn, calls: { updateProfile } });
    expect(await screen.findByText("Verified")).toBeInTheDocument();
    expect(screen.getByText("2 January 2026")).toBeInTheDocument();
    const name = screen.getByLabelText("Full name");
    expect(name).toHaveValue("Trader");
    const user = userEvent.setup();
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(name).toHaveAccessibleDescription("Enter your name.");
    await user.type(name, "Layla H.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.getByLabelText("Full name")).toHaveValue("Layla H."));
    expect(updateProfile).toHaveBeenCalledExactlyOnceWith({ fullName: "Layla H." });
    expect(JSON.parse(store.getItem("authUser") ?? "null")).toMatchObject({ Token: "session-1", fullName: "Layla H." });
  });

  it("changes the password: the form clears when the machine says so, and a toast tells the user", async () => {
    const changePassword = vi.fn(() => null);
    await renderApp("/profile", { user: signedIn, calls: { changePassword } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current password"), "correct horse battery");
    await user.type(screen.getByLabelText("New password"), "violet harbour lantern");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Password changed. Your other sessions have been signed out.")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: "correct horse battery", newPassword: "violet harbour lantern" });
  });

  it("keeps the typed password when the change is refused, with the server's message", async () => {
    const changePassword = () => Promise.reject(serverError("badRequest", "The current password is not right.", { reason: "currentPasswordWrong" }));
    await renderApp("/profile", { user: signedIn, calls: { changePassword } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Current password"), "wrong horse battery");
    await user.type(screen.getByLabelText("New password"), "violet harbour lantern");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your current password is not correct.");
    expect(screen.getByLabelText("Current password")).toHaveValue("wrong horse battery");
  });

  it("offers to set a password for an account made by e-mail code", async () => {
    await renderApp("/profile", { user: signedIn, calls: { getProfile: () => ({ ...profile, hasPassword: false }) } });
    expect(await screen.findByRole("button", { name: "Set password" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });
});

describe("notifications", () => {
  const push = (overrides: Partial<PushEdge>): PushEdge => ({
    inspect: async () => ({ supported: true, configured: true, permission: "default" }),
    requestPermission: async () => "default",
    getToken: () => new Promise(() => {}),
    ...overrides,
  });

  it("asks for permission only when the user presses the button, and shows a denial in the spec's words", async () => {
    const requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>("denied"));
    await renderApp("/profile", { user: signedIn, push: push({ requestPermission }) });
    const enable = await screen.findByRole("button", { name: "Enable notifications" });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(enable);
    expect(await screen.findByRole("alert")).toHaveTextContent("You denied for the notifications");
    expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
  });

  it("says notifications are unavailable without a Firebase configuration", async () => {
    await renderApp("/profile", { user: signedIn, push: push({ inspect: async () => ({ supported: true, configured: false, permission: "default" }) }) });
    expect(await screen.findByText("Notifications are not set up on this site yet.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enable notifications" })).toBeNull();
  });

  it("shows the empty-token error", async () => {
    const getToken = async () => pushRecord(0, "");
    await renderApp("/profile", {
      user: signedIn,
      push: push({ inspect: async () => ({ supported: true, configured: true, permission: "granted" }), getToken }),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("token mission!");
  });
});

describe("client state of spec section 3", () => {
  it("is derived from the auth machine and the route table", async () => {
    const { actors } = await renderApp("/signup", { calls: { signup: () => codeSent("layla@example.com") } });
    const seen: ReturnType<typeof useClientState>[] = [];
    function Probe() {
      seen.push(useClientState());
      return null;
    }
    const memory = memoryLocation({ path: "/signup" });
    render(
      <Router hook={memory.hook}>
        <ActorsProvider actors={actors}>
          <Probe />
        </ActorsProvider>
      </Router>,
    );
    expect(seen.at(-1)).toEqual({
      user: null,
      authToken: null,
      signupuser: null,
      forgetpass: null,
      isAuthenticated: false,
      userInfo: null,
      routeType: "auth",
      loading: false,
    });
    act(() =>
      actors.auth.send({ type: "auth.signup", fullName: "Layla", email: "layla@example.com", password: "copper kettle sunrise", acceptedTerms: TERMS_VERSION }),
    );
    expect(seen.at(-1)?.loading).toBe(true);
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ loading: false, signupuser: { email: "layla@example.com" }, isAuthenticated: false }));
    act(() => memory.navigate("/partners/acme"));
    expect(seen.at(-1)?.routeType).toBe("partner");
  });
});
