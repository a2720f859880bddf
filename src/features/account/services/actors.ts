import { fromPromise, sendParent } from "xstate";
import type { accountMachine } from "../../../../machines/account/account.machine.ts";
import type { AccountContext, AccountEvent, Profile } from "../../../../machines/account/account.types.ts";
import type { AuthEvent } from "../../../../machines/auth/auth.types.ts";
import type { Call } from "../../../shared/api/call.ts";

type AccountImplementations = Parameters<typeof accountMachine.provide>[0];

/** What the account machine does at its edges: spec section 7's "Profile" calls. */
export function accountImplementations({ call }: { call: Call }) {
  return {
    actions: {
      // The account machine runs as auth's child while signed in; auth keeps and stores the profile.
      shareProfile: sendParent<AccountContext, AccountEvent, { profile: Profile }, AuthEvent, AccountEvent>((_, { profile }) => ({
        type: "auth.profileChanged",
        profile,
      })),
    },
    actors: {
      updateProfile: fromPromise(({ input }) => call("updateProfile", input)),
      changePassword: fromPromise(({ input }) => call("changePassword", input)),
      setPassword: fromPromise(({ input }) => call("setPassword", input)),
    },
  } satisfies AccountImplementations;
}
