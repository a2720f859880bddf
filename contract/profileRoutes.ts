// The profile calls, a group of the contract's table (contract/routes.ts): the signed-in user's own
// record and password. The picture's upload is with the other uploads (contract/fileRoutes.ts).
import { z } from "zod";
import { changePasswordSchema, profileRequestSchema, setPasswordSchema, updateProfileSchema } from "./account.ts";
import { profileSchema } from "./auth.ts";
import { failure, plainFailure, rateLimited, sessionEnded, validation } from "./failures.ts";
import { route } from "./routeDef.ts";
import { routePaths } from "./routePaths.ts";

const nothing = z.null();

export const profileRoutes = {
  getProfile: route({
    path: routePaths.getProfile,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "The signed-in user's own profile.",
    status: "live",
    request: profileRequestSchema,
    response: profileSchema,
    failures: [plainFailure(400, "The body is not an object of optional ids."), sessionEnded, plainFailure(403, "The id names someone else.")],
  }),
  updateProfile: route({
    path: routePaths.updateProfile,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "Changes the full name or the language of e-mails.",
    status: "live",
    request: updateProfileSchema,
    response: profileSchema,
    failures: [validation, sessionEnded],
  }),
  setPassword: route({
    path: routePaths.setPassword,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "The first password of an account made by e-mail code or a social sign-in.",
    status: "live",
    request: setPasswordSchema,
    response: profileSchema,
    failures: [validation, sessionEnded, failure("passwordAlreadySet", "The account has a password: change it instead.")],
  }),
  changePassword: route({
    path: routePaths.changePassword,
    methods: ["POST"],
    auth: "session",
    group: "Profile",
    summary: "Changes the password; ends the user's other sessions.",
    status: "live",
    request: changePasswordSchema,
    response: nothing,
    failures: [validation, sessionEnded, failure("currentPasswordWrong", "The current password is not right."), rateLimited],
  }),
};
