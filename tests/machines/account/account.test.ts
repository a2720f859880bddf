import { describe, expect, it, vi } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { accountMachine } from "../../../machines/account/account.machine.ts";
import type { AccountEmitted, Profile } from "../../../machines/account/account.types.ts";
import { authMachine } from "../../../machines/auth/auth.machine.ts";
import { profileWith } from "../../../machines/auth/auth.fixtures.ts";
import { accountImplementations } from "../../../src/features/account/services/actors.ts";
import type { Call } from "../../../src/shared/api/call.ts";

// Signed up by code: no password yet, so setPassword is the form on offer.
const profile = profileWith({ hasPassword: false });
const apiError = (code: string, data?: Record<string, unknown>) => Object.assign(new Error("server says no"), { code, data });

type Fake<T> = (input: unknown) => Promise<T>;

function start(calls: { updateProfile?: Fake<Profile>; changePassword?: Fake<null>; setPassword?: Fake<Profile> } = {}) {
  const shareProfile = vi.fn();
  const refuse = (): Promise<never> => Promise.reject(new Error("not expected"));
  const fakes = {
    updateProfile: vi.fn(calls.updateProfile ?? refuse),
    changePassword: vi.fn(calls.changePassword ?? refuse),
    setPassword: vi.fn(calls.setPassword ?? refuse),
  };
  const actor = createActor(
    accountMachine.provide({
      actions: { shareProfile: (_, params) => shareProfile(params.profile) },
      actors: {
        updateProfile: fromPromise(({ input }) => fakes.updateProfile(input)),
        changePassword: fromPromise(({ input }) => fakes.changePassword(input)),
        setPassword: fromPromise(({ input }) => fakes.setPassword(input)),
      },
    }),
  );
  const emitted: AccountEmitted[] = [];
  actor.on("*", (event) => emitted.push(event));
  actor.start();
  return { actor, shareProfile, fakes, emitted, settled: () => waitFor(actor, (state) => !state.hasTag("loading")) };
}

describe("account machine", () => {
  it("saves a new name: the profile goes to auth, the user is told, a second submit meanwhile is ignored", async () => {
    const renamed = { ...profile, fullName: "Renamed" };
    const { actor, shareProfile, fakes, emitted, settled } = start({ updateProfile: () => Promise.resolve(renamed) });
    actor.send({ type: "account.updateProfile", fullName: "Renamed" });
    expect(actor.getSnapshot().hasTag("updateProfile")).toBe(true);
    actor.send({ type: "account.updateProfile", fullName: "Again" });
    await settled();
    expect(fakes.updateProfile).toHaveBeenCalledExactlyOnceWith({ fullName: "Renamed" });
    expect(shareProfile).toHaveBeenCalledWith(renamed);
    expect(emitted).toEqual([{ type: "account.notice", notice: "profileSaved" }]);
  });

  it("keeps a failure for its form, and drops it on the next try or when dismissed", async () => {
    const { actor, settled } = start({ changePassword: () => Promise.reject(apiError("badRequest", { reason: "currentPasswordWrong" })) });
    actor.send({ type: "account.changePassword", currentPassword: "wrong wrong wrong", newPassword: "a brand new passphrase" });
    await settled();
    expect(actor.getSnapshot().context.error).toMatchObject({ flow: "changePassword", reason: "currentPasswordWrong" });
    actor.send({ type: "account.dismiss" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("a changed password is told, and the profile is left alone", async () => {
    const { actor, shareProfile, emitted, settled } = start({ changePassword: () => Promise.resolve(null) });
    actor.send({ type: "account.changePassword", currentPassword: "correct horse battery", newPassword: "a brand new passphrase" });
    await settled();
    expect(emitted).toEqual([{ type: "account.notice", notice: "passwordChanged" }]);
    expect(shareProfile).not.toHaveBeenCalled();
  });

  it("a first password: the server's profile (now with a password) goes to auth", async () => {
    const withPassword = { ...profile, hasPassword: true };
    const { actor, shareProfile, emitted, settled } = start({ setPassword: () => Promise.resolve(withPassword) });
    actor.send({ type: "account.setPassword", password: "a brand new passphrase" });
    await settled();
    expect(shareProfile).toHaveBeenCalledWith(withPassword);
    expect(emitted).toEqual([{ type: "account.notice", notice: "passwordSet" }]);
  });
});

describe("account inside auth, as the app composes them", () => {
  it("a saved profile reaches auth, which keeps it signed in and stores it", async () => {
    const renamed = { ...profile, fullName: "Renamed" };
    const call = vi.fn(async (route: string) => (route === "updateProfile" ? renamed : null)) as unknown as Call;
    const storeSignedInUser = vi.fn();
    const auth = createActor(
      authMachine.provide({
        actions: { storeSignedInUser: ({ context }) => storeSignedInUser(context.user, context.userInfo) },
        actors: { loadProfile: fromPromise(async () => profile), account: accountMachine.provide(accountImplementations({ call })) },
      }),
      { input: { storedUser: { Token: "abc" } } },
    ).start();
    await waitFor(auth, (state) => !state.hasTag("loading"));
    auth.getSnapshot().children.account!.send({ type: "account.updateProfile", fullName: "Renamed" });
    await waitFor(auth, (state) => state.context.userInfo?.fullName === "Renamed");
    expect(auth.getSnapshot().hasTag("signedIn")).toBe(true);
    expect(storeSignedInUser).toHaveBeenLastCalledWith({ Token: "abc", ...renamed }, renamed);
  });
});
