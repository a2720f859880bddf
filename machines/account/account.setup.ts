// The account machine's named guards, actions and actors: its chart (account.machine.ts) only names them.
import { assign, emit, fromPromise, setup } from "xstate";
import type { ChangePasswordBody, Profile, SetPasswordBody, UpdateProfileBody } from "../../contract/index.ts";
import { errorOf, failureOf } from "../failure.ts";
import type { AccountContext, AccountEmitted, AccountEvent, AccountFlow, AccountNotice, AccountTag } from "./account.types.ts";

// The calls are the app's (src/features/account/services/actors.ts); these stand-ins only type them.
const call = <Output, Input>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is provided by the app`);
  });

export const accountSetup = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    emitted: {} as AccountEmitted,
    tags: {} as AccountTag,
  },
  actors: {
    updateProfile: call<Profile, UpdateProfileBody>("updateProfile"),
    changePassword: call<null, ChangePasswordBody>("changePassword"),
    setPassword: call<Profile, SetPasswordBody>("setPassword"),
  },
  actions: {
    clearError: assign({ error: null }),
    fail: assign({ error: ({ event }, { flow }: { flow: AccountFlow }) => failureOf(flow, errorOf(event)) }),
    notice: emit((_, { notice }: { notice: AccountNotice }) => ({ type: "account.notice" as const, notice })),
    // The app hands the saved profile to auth, which keeps and stores it (spec section 4: a profile edit stays signed in).
    shareProfile: (_, _params: { profile: Profile }) => {},
  },
});
