// The profile calls (spec section 7, "Profile"): the signed-in user's own record and password.
import { z } from "zod";
import { existingPasswordField, localeField, nameField, newPasswordField, refineNewPassword } from "./fields.ts";

export const updateProfileSchema = z
  .strictObject({ fullName: nameField.optional(), locale: localeField.optional() })
  .refine((v) => v.fullName !== undefined || v.locale !== undefined, { error: "profile.empty" });
export type UpdateProfileBody = z.input<typeof updateProfileSchema>;

/** For an account made by e-mail code only: its first password. The server adds the e-mail check. */
export function setPasswordSchemaFor(email: string) {
  return z.strictObject({ password: newPasswordField }).superRefine(refineNewPassword(() => email));
}
export type SetPasswordBody = { password: string };

export function changePasswordSchemaFor(email: string) {
  return z
    .strictObject({ currentPassword: existingPasswordField, newPassword: newPasswordField })
    .superRefine(refineNewPassword(() => email, "newPassword"))
    .superRefine((v, ctx) => {
      if (v.currentPassword === v.newPassword) ctx.addIssue({ code: "custom", path: ["newPassword"], message: "password.same" });
    });
}
export type ChangePasswordBody = { currentPassword: string; newPassword: string };

/** /user/set-password as the table declares it; the server adds the account's e-mail check (setPasswordSchemaFor). */
export const setPasswordSchema = z.strictObject({ password: newPasswordField });
/** /user/changepassword as the table declares it; the server adds the e-mail check (changePasswordSchemaFor). */
export const changePasswordSchema = z.strictObject({ currentPassword: existingPasswordField, newPassword: newPasswordField });

/** /user/get-profile-by-id: only the signed-in user's own id (or none) is answered. */
export const profileRequestSchema = z.looseObject({ id: z.string().optional(), _id: z.string().optional() });
export type ProfileRequestBody = z.input<typeof profileRequestSchema>;
