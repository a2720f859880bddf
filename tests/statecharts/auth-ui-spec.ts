// What a person sees in each state of the auth machine and the gesture behind each of its events,
// written once against a small screen adapter (AuthScreen) that Testing Library (jsdom) and
// Playwright (Chromium) each implement: tests/views/auth/auth-paths.test.tsx and
// tests/e2e/auth/auth-paths.test.ts run the machine's generated paths through the real screens
// with it (tools/statecharts/ui-harness.ts).
import type { AuthEvent, AuthInput, SocialProvider, StoredUser } from "../../machines/auth/auth.types.ts";
import type { GeneratedPath, PathStepRecord } from "../../tools/statecharts/paths.ts";
import type { StateCheckContext, UiSpec } from "../../tools/statecharts/ui-harness.ts";
import { startPath } from "./auth-ui-world.ts";

/** The screen as a person meets it. Queries answer at once; gestures wait for their control. */
export interface AuthScreen {
  /** The address: path, query and fragment. */
  location(): Promise<string>;
  /** Goes to an address of the app as a link does (no reload), and waits for its page. */
  open(path: string): Promise<void>;
  /** The page's main heading, if one is shown. */
  heading(): Promise<string | null>;
  /** Labels of the buttons shown busy (aria-busy), each once. */
  busy(): Promise<string[]>;
  /** Errors shown: alerts and field errors. */
  errors(): Promise<string[]>;
  /** Status messages and toasts on screen now or at some moment since `since` (Date.now()): toasts go after a few seconds. */
  messages(since: number): Promise<string[]>;
  /** The field with this label: its value and what is read out with it; null when there is none. */
  field(label: string): Promise<{ value: string; description: string } | null>;
  /** The button with this name (exact for a string); null when there is none. */
  button(name: string | RegExp): Promise<{ enabled: boolean; pressed: boolean } | null>;
  fill(label: string, value: string): Promise<void>;
  /** Ticks the checkbox with this name (left ticked if it is). */
  tick(name: RegExp): Promise<void>;
  click(name: string | RegExp): Promise<void>;
  /** The person waits this long (the app's countdowns move on). */
  wait(seconds: number): Promise<void>;
  /** Another tab of this browser stores this auth record, or clears it. */
  otherTab(user: StoredUser | null): Promise<void>;
}

/**
 * Events no person performs: a 401 from the server and the account machine's save go straight to
 * the machine; another tab's sign-in or sign-out comes through its real edge, the storage event.
 */
export const systemEvents = ["auth.unauthorized", "auth.storageChanged", "auth.profileChanged"] as const;

const providerNames: Record<SocialProvider, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };
const headings: Record<string, string> = {
  "/": "Buy, sell and exchange crypto with confidence",
  "/login": "Log in",
  "/signup": "Create your account",
  "/verify-email": "Verify your e-mail",
  "/forgot-password": "Forgot your password?",
  "/reset-password": "Choose a new password",
  "/dashboard": "Dashboard",
  "/market": "Market",
  "/profile": "Profile",
};
const signedInShell = /^(Log out|Logging out…)$/;
// Toasts isolate e-mail addresses with invisible direction marks.
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, "").trim();

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

async function expectAt(screen: AuthScreen, address: string): Promise<void> {
  const location = await screen.location();
  check(location === address, `expected ${address}, the app is at ${location}`);
  const page = address.split(/[?#]/)[0]!;
  const heading = await screen.heading();
  check(!headings[page] || heading === headings[page], `expected the heading "${headings[page]}" on ${page}, it is "${heading}"`);
}

async function expectMessage(screen: AuthScreen, since: number, text: string | RegExp): Promise<void> {
  const statuses = (await screen.messages(since)).map(plain);
  check(
    statuses.some((s) => (typeof text === "string" ? s.includes(text) : text.test(s))),
    `expected the message "${String(text)}", the screen says ${JSON.stringify(statuses)}`,
  );
}

async function expectError(screen: AuthScreen): Promise<void> {
  check(
    (await screen.errors()).some((e) => plain(e) !== ""),
    "expected an error on screen, none is shown",
  );
}

/** The code form for this address: its code field says where the code went. */
async function expectCodeStepFor(screen: AuthScreen, email: string): Promise<void> {
  const code = await screen.field("6-digit code");
  check(code, "expected the code form, there is no code field");
  check(code.description.includes(email), `expected the code sent to ${email}, the form says "${code.description}"`);
}

async function expectFieldValue(screen: AuthScreen, label: string, value: string): Promise<void> {
  const field = await screen.field(label);
  check(field?.value === value, `expected "${label}" filled with "${value}", it holds ${JSON.stringify(field?.value ?? null)}`);
}

/**
 * Which buttons are busy: only `label`, and exactly it right after the gesture that started the
 * call (the person is still at that form; a later page or tab may not show it).
 */
async function expectBusy(screen: AuthScreen, label: string | null, { shown }: { shown: boolean }): Promise<void> {
  const busy = await screen.busy();
  const expected = label === null ? [] : [label];
  if (shown) check(same(busy, expected), `expected ${JSON.stringify(expected)} busy, busy: ${JSON.stringify(busy)}`);
  else
    check(
      busy.every((b) => b === label),
      `expected nothing but ${JSON.stringify(label)} busy, busy: ${JSON.stringify(busy)}`,
    );
}

const eventOf = (record: PathStepRecord | undefined) => (record?.step.kind === "event" ? (record.step.event as AuthEvent) : undefined);
const settled = (record: PathStepRecord | undefined, kind: "done" | "error", invokeId: string) =>
  record?.step.kind === kind && record.step.invokeId === invokeId ? record.step : undefined;
const firedAny = (record: PathStepRecord | undefined, pattern: RegExp) => record?.fired.some((id) => pattern.test(id)) ?? false;
const inputOf = (path: GeneratedPath) => path.input as AuthInput;

/** The provider of the social sign-in under way or last tried at this point of the path. */
function providerAt(path: GeneratedPath, index: number | undefined): string {
  let provider = inputOf(path).socialRequest?.provider ?? null;
  for (const record of path.steps.slice(0, index === undefined ? 0 : index + 1)) {
    const event = eventOf(record);
    if (event?.type === "auth.social") provider = event.provider;
  }
  return provider ? providerNames[provider] : "";
}

/**
 * Where a sign-in at step `index` leads: the return address kept (from a protected page or a
 * reloaded flow), else the dashboard; null when another tab ended the session on a signed-in page,
 * which then sent the person to log in with its own address to return to.
 */
function returnAddressAt(path: GeneratedPath, index: number): string | null {
  let returnTo: string | null | undefined = inputOf(path).flow?.returnTo;
  for (const record of path.steps.slice(0, index)) {
    const event = eventOf(record);
    if (event?.type === "auth.returnTo") returnTo = event.path;
    if (firedAny(record, /^auth\.authenticated auth\.storageChanged#1$/)) returnTo = null;
    if (["login", "verifyOtp", "socialLogin"].some((id) => settled(record, "done", id))) returnTo = undefined;
  }
  return returnTo === undefined ? "/dashboard" : returnTo;
}

/** The last e-mail a reset was asked with before step `index`. */
function resetEmailAt(path: GeneratedPath, index: number): string | null {
  const event = path.steps
    .slice(0, index)
    .map(eventOf)
    .filter((e) => e?.type === "auth.resetPassword")
    .at(-1);
  return event?.type === "auth.resetPassword" ? event.email.trim().toLowerCase() : null;
}

/** What a signed-out person sees after the step that led to an idle form (or at the start). */
async function signedOutArrival(screen: AuthScreen, { path, step, index, since }: StateCheckContext): Promise<void> {
  if (!step) {
    const otp = inputOf(path).flow?.otp;
    await expectAt(screen, startPath(inputOf(path)));
    // A reload during code login: the code step is still there.
    if (otp) await expectCodeStepFor(screen, otp.email);
    return;
  }
  const event = eventOf(step);
  const output = (step.step.kind === "done" ? step.step.output : undefined) as { email?: string } | undefined;
  const wasSignedIn = index !== undefined && (index === 0 ? path.initial.value : path.steps[index - 1]!.value);
  const fromSignedIn = typeof wasSignedIn === "object" && "authenticated" in wasSignedIn;
  if (event?.type === "auth.cancelCode") {
    await expectAt(screen, "/login");
    check((await screen.button("E-mail code"))?.pressed, "expected the e-mail code tab");
    // The address field is back, to type another (it keeps what was typed, to edit).
    check(await screen.field("E-mail"), "expected the e-mail field back");
    check(!(await screen.field("6-digit code")), "expected the code step gone");
  } else if (fromSignedIn && (event?.type === "auth.unauthorized" || event?.type === "auth.storageChanged" || settled(step, "error", "loadProfile"))) {
    // The session ended under the person's feet: back to log in (with the page to return to, when the page sent them).
    check(/^\/login(\?returnTo=[^&]+)?$/.test(await screen.location()), `expected the login page, the app is at ${await screen.location()}`);
    check((await screen.heading()) === headings["/login"], "expected the login page's heading");
  } else if (settled(step, "done", "signup")) {
    await expectAt(screen, "/verify-email");
    await expectCodeStepFor(screen, output!.email!);
    await expectMessage(screen, since, `We e-mailed a 6-digit code to ${output!.email}.`);
  } else if (settled(step, "done", "sendOtp")) {
    await expectCodeStepFor(screen, output!.email!);
    await expectMessage(screen, since, `We e-mailed a 6-digit code to ${output!.email}.`);
  } else if (settled(step, "done", "forgotPassword")) {
    await expectAt(screen, "/reset-password");
    await expectFieldValue(screen, "E-mail", output!.email!);
    await expectMessage(screen, since, `We e-mailed a 6-digit code to ${output!.email}.`);
  } else if (settled(step, "done", "resetPassword")) {
    await expectAt(screen, "/login");
    await expectMessage(screen, since, "Your password has been changed. Log in with your new password.");
    // The password form, when it is the one shown, has the reset's e-mail filled in.
    if ((await screen.button("Password"))?.pressed) await expectFieldValue(screen, "E-mail", resetEmailAt(path, index!)!);
  } else if (settled(step, "done", "logout") || settled(step, "error", "logout")) {
    await expectAt(screen, "/");
    await expectMessage(screen, since, /logged out/);
  } else if (firedAny(step, /loggingIn xstate\.error\.actor\.login#0$/)) {
    // Right password, e-mail not verified: the code form for that address.
    await expectAt(screen, "/verify-email");
    await expectCodeStepFor(screen, (step.step as { error: { data: { email: string } } }).error.data.email);
    await expectMessage(screen, since, "Verify your e-mail to log in");
  } else if (firedAny(step, /loggingIn xstate\.error\.actor\.login#1$/)) {
    // Password login closed for this account: the e-mail code tab, that address filled in.
    await expectAt(screen, "/login");
    check((await screen.button("E-mail code"))?.pressed, "expected the e-mail code tab");
    await expectFieldValue(screen, "E-mail", (step.step as { error: { data: { email: string } } }).error.data.email);
    await expectError(screen);
  } else if (settled(step, "done", "socialPopup")) {
    const closed = `The ${providerAt(path, index)} window was closed before you finished. Try again when you are ready.`;
    check((await screen.errors()).map(plain).includes(closed), `expected "${closed}"`);
  } else if (step.step.kind === "error") {
    await expectError(screen);
  }
}

/** What a signed-in person sees after the step that led here (or at the start). */
async function signedInArrival(screen: AuthScreen, { path, step, index, since }: StateCheckContext): Promise<void> {
  if (!step) return expectAt(screen, startPath(inputOf(path)));
  if (firedAny(step, /verifyingCode xstate\.done\.actor\.verifyOtp#0$/)) {
    // Verified, but the sign-up's password was not kept: said at once, and the set-password form open.
    await expectAt(screen, "/profile#set-password");
    await expectMessage(screen, since, "the password you chose at sign-up could not be kept");
    check(await screen.button("Set password"), "expected the set-password form");
  } else if (["login", "verifyOtp", "socialLogin"].some((id) => settled(step, "done", id))) {
    const address = returnAddressAt(path, index!);
    if (address) await expectAt(screen, address);
    await expectMessage(screen, since, "Welcome to Sarraf.");
  }
}

/** Busy `label` right after `gesture` (or the start, or what else `also` names); otherwise only it, if anything. */
const busyAfter =
  (label: string, gesture: AuthEvent["type"] | null, also: (record: PathStepRecord) => boolean = () => false) =>
  (screen: AuthScreen, { step }: StateCheckContext) =>
    expectBusy(screen, label, { shown: step === undefined || eventOf(step)?.type === gesture || also(step) });

async function openUnless(screen: AuthScreen, page: string): Promise<void> {
  if ((await screen.location()).split(/[?#]/)[0] !== page) await screen.open(page);
}

async function chooseTab(screen: AuthScreen, tab: "Password" | "E-mail code"): Promise<void> {
  if (!(await screen.button(tab))?.pressed) await screen.click(tab);
}

/** Whether the code form on screen is for this address (its code field says where the code went). */
async function codeStepShownFor(screen: AuthScreen, email: string): Promise<boolean> {
  const code = await screen.field("6-digit code");
  return code !== null && code.description.includes(email) && (await screen.button("Verify and continue")) !== null;
}

/** The state assertions and gestures of the auth screens. */
export const authUiSpec: UiSpec<AuthScreen> = {
  system: systemEvents,
  states: {
    restoring: () => {
      throw new Error("restoring decides at once: the machine never rests there");
    },
    unauthenticated: async (screen, { step, since }) => {
      check(!(await screen.button(signedInShell)), "the signed-in shell is shown to a signed-out person");
      // Sent from a protected page: the login page says it will go back there.
      if (eventOf(step)?.type === "auth.returnTo") {
        check((await screen.location()).startsWith("/login?returnTo="), "expected the login page with its return address");
        await expectMessage(screen, since, "Log in to open that page. We will take you back to it.");
      }
    },
    authenticated: async (screen) => check(await screen.button(signedInShell), "expected the signed-in shell (Log out)"),
    "unauthenticated.idle": async (screen, context) => {
      await expectBusy(screen, null, { shown: true });
      await signedOutArrival(screen, context);
    },
    "unauthenticated.loggingIn": busyAfter("Logging in…", "auth.login"),
    "unauthenticated.signingUp": busyAfter("Creating your account…", "auth.signup"),
    "unauthenticated.sendingCode": busyAfter("Sending…", "auth.sendCode"),
    "unauthenticated.verifyingCode": busyAfter("Checking…", "auth.verifyCode"),
    "unauthenticated.requestingReset": busyAfter("Sending…", "auth.forgotPassword"),
    "unauthenticated.resettingPassword": busyAfter("Saving…", "auth.resetPassword"),
    "unauthenticated.signingInWithProvider": (screen, context) =>
      busyAfter(`Waiting for ${providerAt(context.path, context.index)}…`, "auth.social")(screen, context),
    "unauthenticated.resumingSocial": async (screen, context) => {
      // After a reload the provider's button still waits for the popup's answer.
      await busyAfter(`Waiting for ${providerAt(context.path, context.index)}…`, "auth.social")(screen, context);
      if (!context.step) await expectAt(screen, "/login");
    },
    "unauthenticated.exchangingSocialCode": busyAfter("Signing you in…", null, (step) => settled(step, "done", "socialPopup") !== undefined),
    "authenticated.verifying": async (screen, context) => {
      await expectBusy(screen, null, { shown: true });
      await signedInArrival(screen, context);
    },
    "authenticated.active": async (screen, context) => {
      await expectBusy(screen, null, { shown: true });
      await signedInArrival(screen, context);
    },
    "authenticated.loggingOut": (screen) => expectBusy(screen, "Logging out…", { shown: true }),
  },
  events: {
    "auth.login": async (screen, event) => {
      const { email, password } = event as Extract<AuthEvent, { type: "auth.login" }>;
      await openUnless(screen, "/login");
      await chooseTab(screen, "Password");
      await screen.fill("E-mail", email);
      await screen.fill("Password", password);
      await screen.click("Log in");
    },
    "auth.signup": async (screen, event) => {
      const { fullName, email, password } = event as Extract<AuthEvent, { type: "auth.signup" }>;
      await openUnless(screen, "/signup");
      await screen.fill("Full name", fullName);
      await screen.fill("E-mail", email);
      await screen.fill("Password", password);
      await screen.tick(/^I accept/);
      await screen.click("Create account");
    },
    "auth.sendCode": async (screen, event) => {
      const { email } = event as Extract<AuthEvent, { type: "auth.sendCode" }>;
      if (await codeStepShownFor(screen, email)) {
        // A code already went there: "Send a new code", once the countdown lets it.
        for (let waited = 0; !(await screen.button("Send a new code"))?.enabled; waited += 10) {
          check(waited < 3600, "the resend countdown never ended");
          await screen.wait(10);
        }
        return screen.click("Send a new code");
      }
      await openUnless(screen, "/login");
      await chooseTab(screen, "E-mail code");
      await screen.fill("E-mail", email);
      await screen.click("E-mail me a code");
    },
    "auth.verifyCode": async (screen, event) => {
      const { email, otp } = event as Extract<AuthEvent, { type: "auth.verifyCode" }>;
      if (!(await codeStepShownFor(screen, email))) {
        // The verify page takes any address's code (a code from an earlier e-mail, say).
        await openUnless(screen, "/verify-email");
        const asked = await screen.field("E-mail");
        if (asked) await screen.fill("E-mail", email);
        else await expectCodeStepFor(screen, email);
      }
      await screen.fill("6-digit code", otp);
      await screen.click("Verify and continue");
    },
    "auth.cancelCode": async (screen) => {
      if (!(await screen.button("Use another e-mail"))) {
        await openUnless(screen, "/login");
        await chooseTab(screen, "E-mail code");
      }
      await screen.click("Use another e-mail");
    },
    "auth.social": async (screen, event) => {
      const name = providerNames[(event as Extract<AuthEvent, { type: "auth.social" }>).provider];
      const button = new RegExp(`^(Continue with ${name}|Waiting for ${name}…)$`);
      if (!(await screen.button(button))) await screen.open("/login");
      await screen.click(button);
    },
    "auth.forgotPassword": async (screen, event) => {
      await openUnless(screen, "/forgot-password");
      await screen.fill("E-mail", (event as Extract<AuthEvent, { type: "auth.forgotPassword" }>).email);
      await screen.click("Send reset code");
    },
    "auth.resetPassword": async (screen, event) => {
      const { email, otp, password } = event as Extract<AuthEvent, { type: "auth.resetPassword" }>;
      await openUnless(screen, "/reset-password");
      await screen.fill("E-mail", email);
      await screen.fill("6-digit code", otp);
      await screen.fill("New password", password);
      await screen.click("Set new password");
    },
    // A protected page sent the person to log in, saying where to return.
    "auth.returnTo": (screen, event) =>
      screen.open(`/login?${new URLSearchParams({ returnTo: (event as Extract<AuthEvent, { type: "auth.returnTo" }>).path }).toString()}`),
    // Opening another form drops the failure an earlier visit left.
    "auth.dismiss": async (screen) => screen.open((await screen.location()).startsWith("/login") ? "/signup" : "/login"),
    "auth.logout": (screen) => screen.click("Log out"),
    // No person does this here: another tab of the browser signs in or out, through the storage event.
    "auth.storageChanged": (screen, event) => screen.otherTab((event as Extract<AuthEvent, { type: "auth.storageChanged" }>).user),
  },
};
