import { describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { fromPromise } from "xstate";
import { renderApp } from "../renderApp.tsx";
import { ActorsProvider } from "../../../src/shared/actors/context.tsx";
import { useClientState } from "../../../src/features/auth/clientState.ts";
import { pushTokenMachine, type PushEnvironment, type PushSubscriptionRecord } from "../../../machines/notifications/pushToken.machine.ts";

const signedIn = { id: "u-1", email: "trader@example.com", fullName: "Trader", emailVerified: true, hasPassword: true, Token: "session-1" };
const codeSent = (email: string) => ({ email, resendAfter: 60, expiresIn: 600 });
const serverError = (code: string, message: string, data?: unknown) => Object.assign(new Error(message), { code, data });

describe("login", () => {
  it("checks the form before sending: each problem next to its field, focus on the first", async () => {
    const login = vi.fn(() => Promise.resolve(signedIn));
    await renderApp("/login", { actors: { login: fromPromise(login) } });
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
    const { memory } = await renderApp("/login", { actors: { login: fromPromise(login) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "  Trader@Example.com ");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    const busy = await screen.findByRole("button", { name: "Logging in…" });
    expect(busy).toBeDisabled();
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ input: { email: "trader@example.com", password: "correct horse battery" } }));
    act(() => finish(signedIn));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/dashboard"));
    expect(JSON.parse(localStorage.getItem("authUser") ?? "null")).toBeNull(); // storage is the app's edge, faked out here
  });

  it("shows the server's message when the call fails", async () => {
    const login = () => Promise.reject(serverError("badRequest", "The e-mail or password is wrong.", { reason: "invalidCredentials" }));
    await renderApp("/login", { actors: { login: fromPromise(login) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "trader@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong password!");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The e-mail or password is wrong.");
    expect(screen.getByRole("button", { name: "Log in" })).toBeEnabled();
  });

  it("after too many wrong passwords, moves to the e-mail code sign-in with the address filled in and the server's message", async () => {
    const message = "Too many wrong passwords were tried for this account. To keep it safe, sign in with a code sent to your e-mail.";
    const login = vi.fn(() => Promise.reject(serverError("forbidden", message, { reason: "codeRequired", email: "trader@example.com" })));
    const sendOtp = vi.fn(() => Promise.resolve({ ...codeSent("trader@example.com"), token: "otp-1" }));
    await renderApp("/login", { actors: { login: fromPromise(login), sendOtp: fromPromise(sendOtp) } });
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
    expect(sendOtp).toHaveBeenCalledWith(expect.objectContaining({ input: { email: "trader@example.com" } }));
    expect(screen.queryByText(message)).toBeNull();
  });

  it("says so in our words when the server cannot be reached", async () => {
    await renderApp("/login", { actors: { login: fromPromise(() => Promise.reject(serverError("network", "Failed to fetch"))) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "trader@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("We could not reach Sarraf. Check your connection and try again.");
  });

  it("by e-mail code: sends the code, then asks for it with a one-time-code field and a resend cooldown", async () => {
    const sendOtp = vi.fn(() => Promise.resolve({ ...codeSent("trader@example.com"), token: "otp-1" }));
    const verifyOtp = vi.fn(() => Promise.resolve(signedIn));
    const { memory } = await renderApp("/login", { actors: { sendOtp: fromPromise(sendOtp), verifyOtp: fromPromise(verifyOtp) } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "E-mail code" }));
    await user.type(screen.getByLabelText("E-mail"), "trader@example.com");
    await user.click(screen.getByRole("button", { name: "E-mail me a code" }));
    const code = await screen.findByLabelText("6-digit code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("button", { name: "Send a new code" })).toBeDisabled();
    expect(screen.getByRole("timer")).toHaveTextContent("You can ask again in 60 s");
    await user.type(code, "12345");
    await user.click(screen.getByRole("button", { name: "Verify and continue" }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining("Enter the 6 digits from the e-mail."));
    await user.type(code, "6");
    await user.click(screen.getByRole("button", { name: "Verify and continue" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/dashboard"));
    expect(verifyOtp).toHaveBeenCalledWith(expect.objectContaining({ input: { email: "trader@example.com", otp: "123456", token: "otp-1" } }));
  });

  it("offers Google, Apple and Facebook, and says so when the browser blocks the popup", async () => {
    // The machine's own openPopup stands in for a browser that blocks it: window.open gives nothing.
    await renderApp("/login");
    const user = userEvent.setup();
    for (const name of ["Continue with Google", "Continue with Apple", "Continue with Facebook"]) {
      expect(await screen.findByRole("button", { name })).toBeEnabled();
    }
    await user.click(screen.getByRole("button", { name: "Continue with Apple" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Your browser blocked the sign-in window. Allow pop-ups for this site and try again.");
  });

  it("signs in with the popup's one-time code", async () => {
    const socialLogin = vi.fn(() => Promise.resolve(signedIn));
    const socialPopup = fromPromise(() => Promise.resolve({ ok: true, provider: "google", code: "one-time" }));
    const { memory } = await renderApp("/login", { actors: { socialPopup, socialLogin: fromPromise(socialLogin) } });
    await userEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/dashboard"));
    expect(socialLogin).toHaveBeenCalledWith(expect.objectContaining({ input: { code: "one-time" } }));
  });

  it.each([
    ["popupClosed", "The Google window was closed before you finished. Try again when you are ready."],
    ["denied", "You cancelled signing in with Google."],
    ["emailTaken", "An account with this e-mail already exists. Log in with your password or an e-mail code."],
    ["unauthorizedDomain", "Sign-in with Google is not allowed from this address. Open Sarraf at its usual address and try again."],
    ["failed", "Signing in with Google did not work. Please try again."],
  ])("explains a %s failure in its own words", async (failure, text) => {
    const socialPopup = fromPromise(() => Promise.resolve({ ok: false, provider: "google", failure }));
    await renderApp("/signup", { actors: { socialPopup } });
    await userEvent.click(await screen.findByRole("button", { name: "Continue with Google" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
  });
});

describe("sign-up and verification", () => {
  it("signs up, goes to verification for that address, and refuses a weak password first", async () => {
    const signup = vi.fn(() => Promise.resolve(codeSent("layla@example.com")));
    const { memory } = await renderApp("/signup", { actors: { signup: fromPromise(signup) } });
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
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/verify-email"));
    expect(await screen.findByText("layla@example.com")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send a new code" })).toBeDisabled();
    expect(signup).toHaveBeenCalledWith(expect.objectContaining({ input: { fullName: "Layla Haddad", email: "layla@example.com", password: "copper kettle sunrise" } }));
  });

  it("shows the server's field message next to its field", async () => {
    const signup = () => Promise.reject(serverError("badRequest", "Some fields are not valid.", { reason: "validation", fields: { password: "This password is too common." } }));
    await renderApp("/signup", { actors: { signup: fromPromise(signup) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Full name"), "Layla");
    await user.type(screen.getByLabelText("E-mail"), "layla@example.com");
    await user.type(screen.getByLabelText("Password"), "password1234");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(expect.stringContaining("This password is too common.")));
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
    const resetPassword = vi.fn(() => Promise.resolve(undefined));
    const { memory } = await renderApp("/forgot-password", { actors: { forgotPassword: fromPromise(forgotPassword), resetPassword: fromPromise(resetPassword) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "trader@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset code" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/reset-password"));
    expect(await screen.findByLabelText("E-mail")).toHaveValue("trader@example.com");
    await user.type(screen.getByLabelText("6-digit code"), "654321");
    await user.type(screen.getByLabelText("New password"), "a brand new passphrase");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe("/login"));
    expect(resetPassword).toHaveBeenCalledWith(expect.objectContaining({ input: { email: "trader@example.com", otp: "654321", password: "a brand new passphrase" } }));
  });

  it("fills e-mail and code from the e-mail's link", async () => {
    await renderApp("/reset-password?email=trader%40example.com&code=123456");
    expect(await screen.findByLabelText("E-mail")).toHaveValue("trader@example.com");
    expect(screen.getByLabelText("6-digit code")).toHaveValue("123456");
  });
});

describe("profile", () => {
  it("shows the account and saves a new name", async () => {
    const updateProfile = vi.fn(() => Promise.resolve({ ...signedIn, fullName: "Layla H." }));
    await renderApp("/profile", {
      user: signedIn,
      actors: { loadProfile: fromPromise(() => Promise.resolve({ ...signedIn, createdAt: "2026-01-02T03:04:05Z" })), updateProfile: fromPromise(updateProfile) },
    });
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
    expect(updateProfile).toHaveBeenCalledOnce();
  });

  it("offers to set a password for an account made by e-mail code", async () => {
    await renderApp("/profile", { user: signedIn, actors: { loadProfile: fromPromise(() => Promise.resolve({ ...signedIn, hasPassword: false })) } });
    expect(await screen.findByRole("button", { name: "Set password" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });
});

describe("notifications", () => {
  const environment: PushEnvironment = { supported: true, configured: true, permission: "default", stored: null, now: 0 };
  it("asks for permission only when the user presses the button, and shows a denial in the spec's words", async () => {
    const requestPermission = vi.fn(() => Promise.resolve<NotificationPermission>("denied"));
    const push = pushTokenMachine.provide({ actors: { inspectPush: fromPromise(async () => environment), requestPermission: fromPromise(requestPermission) } });
    await renderApp("/profile", { user: signedIn, actors: { watchPushToken: push } });
    const enable = await screen.findByRole("button", { name: "Enable notifications" });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(enable);
    expect(await screen.findByRole("alert")).toHaveTextContent("You denied for the notifications");
    expect(screen.getByRole("button", { name: "Try again" })).toBeEnabled();
  });

  it("says notifications are unavailable without a Firebase configuration", async () => {
    await renderApp("/profile", { user: signedIn });
    expect(await screen.findByText("Notifications are not available in this browser.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enable notifications" })).toBeNull();
  });

  it("shows the empty-token error", async () => {
    const push = pushTokenMachine.provide({
      actors: {
        inspectPush: fromPromise(async (): Promise<PushEnvironment> => ({ ...environment, permission: "granted" })),
        getToken: fromPromise(async (): Promise<PushSubscriptionRecord> => ({ token: "", createdAt: 0, endpoint: null, auth: null, p256dh: null, swScope: "/", vapidKey: "v" })),
      },
    });
    await renderApp("/profile", { user: signedIn, actors: { watchPushToken: push } });
    expect(await screen.findByRole("alert")).toHaveTextContent("token mission!");
  });
});

describe("client state of spec section 3", () => {
  it("is derived from the auth machine and the route table", async () => {
    const { actors } = await renderApp("/signup", { actors: { signup: fromPromise(() => Promise.resolve(codeSent("layla@example.com"))) } });
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
      user: null, authToken: null, signupuser: null, forgetpass: null, isAuthenticated: false, userInfo: null, routeType: "auth", loading: false,
    });
    act(() => actors.auth.send({ type: "auth.signup", fullName: "Layla", email: "layla@example.com", password: "copper kettle sunrise" }));
    expect(seen.at(-1)?.loading).toBe(true);
    await waitFor(() => expect(seen.at(-1)).toMatchObject({ loading: false, signupuser: { email: "layla@example.com" }, isAuthenticated: false }));
    act(() => memory.navigate("/partners/acme"));
    expect(seen.at(-1)?.routeType).toBe("partner");
  });
});
