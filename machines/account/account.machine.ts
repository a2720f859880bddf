// The signed-in user's own account (spec section 7, "Profile"): the name and the password. Auth
// invokes it while signed in, so a save survives leaving the page and ends with the session.
import { bodiesOf } from "../event-body.ts";
import { accountSetup } from "./account.setup.ts";
import type { AccountEvent } from "./account.types.ts";

const bodyOf = bodiesOf<AccountEvent>();

export const accountMachine = accountSetup.createMachine({
  id: "account",
  description: "Profile and password edits while signed in; auth keeps the profile each save answers with.",
  context: { error: null },
  initial: "idle",
  on: { "account.dismiss": { actions: "clearError" } },
  states: {
    idle: {
      description: "Each form's call starts here; a call in flight takes no second submit.",
      on: {
        "account.updateProfile": "updatingProfile",
        "account.changePassword": "changingPassword",
        "account.setPassword": "settingPassword",
      },
    },
    updatingProfile: {
      description: "Success keeps the user signed in with the new profile.",
      tags: ["loading", "updateProfile"],
      entry: "clearError",
      invoke: {
        id: "updateProfile",
        src: "updateProfile",
        input: bodyOf("account.updateProfile"),
        onDone: {
          target: "idle",
          actions: [
            { type: "shareProfile", params: ({ event }) => ({ profile: event.output }) },
            { type: "notice", params: { notice: "profileSaved" } },
          ],
        },
        onError: { target: "idle", actions: { type: "fail", params: { flow: "updateProfile" } } },
      },
    },
    changingPassword: {
      description: "The server ends the user's other sessions; this one stays.",
      tags: ["loading", "changePassword"],
      entry: "clearError",
      invoke: {
        id: "changePassword",
        src: "changePassword",
        input: bodyOf("account.changePassword"),
        onDone: { target: "idle", actions: { type: "notice", params: { notice: "passwordChanged" } } },
        onError: { target: "idle", actions: { type: "fail", params: { flow: "changePassword" } } },
      },
    },
    settingPassword: {
      description: "An account made by e-mail code or a social sign-in gets its first password.",
      tags: ["loading", "setPassword"],
      entry: "clearError",
      invoke: {
        id: "setPassword",
        src: "setPassword",
        input: bodyOf("account.setPassword"),
        onDone: {
          target: "idle",
          actions: [
            { type: "shareProfile", params: ({ event }) => ({ profile: event.output }) },
            { type: "notice", params: { notice: "passwordSet" } },
          ],
        },
        onError: { target: "idle", actions: { type: "fail", params: { flow: "setPassword" } } },
      },
    },
  },
});
