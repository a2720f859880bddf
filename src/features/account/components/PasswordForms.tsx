import { Trans, useLingui } from "@lingui/react/macro";
import { changePasswordSchemaFor, PASSWORD_MIN_LENGTH, setPasswordSchemaFor } from "../../../../contract/index.ts";
import { useProfile } from "../../../shared/actors/hooks.ts";
import { FormAlert, PasswordField, SubmitButton } from "../../../shared/ui/form.tsx";
import { NewPasswordField } from "../../../shared/ui/NewPasswordField.tsx";
import { useStrongPasswordSchema } from "../../../shared/ui/strength.ts";
import { useForm } from "../../../shared/ui/useForm.ts";
import { useAccount, useAccountBusy, useAccountFailure, useOnAccountNotice } from "../hooks.ts";

/** What the server judges a signed-in user's new password against: their e-mail and name. */
function usePersonalInputs(email: string): string[] {
  const fullName = useProfile()?.fullName ?? "";
  return [email, fullName];
}

/** The current password and a new one; the server ends the user's other sessions. */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useLingui();
  const account = useAccount();
  const busy = useAccountBusy("changePassword");
  const failure = useAccountFailure("changePassword");
  const personal = usePersonalInputs(email);
  const form = useForm(
    useStrongPasswordSchema(changePasswordSchemaFor(email), "newPassword", () => personal),
    { currentPassword: "", newPassword: "" },
    failure,
  );
  // Changed: the fields are cleared, told by the machine rather than guessed from a state change.
  useOnAccountNotice("passwordChanged", () => form.reset());
  const min = PASSWORD_MIN_LENGTH;
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => account?.send({ type: "account.changePassword", ...data }))}>
      <PasswordField label={t`Current password`} autoComplete="current-password" required {...form.bind("currentPassword")} />
      <NewPasswordField
        label={t`New password`}
        autoComplete="new-password"
        required
        hint={<Trans>At least {min} characters.</Trans>}
        userInputs={personal}
        {...form.bind("newPassword")}
      />
      <FormAlert failure={failure} />
      <SubmitButton busy={busy} busyLabel={t`Saving…`} className="button-inline">
        {t`Change password`}
      </SubmitButton>
    </form>
  );
}

/** The first password of an account made by e-mail code or a social sign-in. */
export function SetPasswordForm({ email }: { email: string }) {
  const { t } = useLingui();
  const account = useAccount();
  const busy = useAccountBusy("setPassword");
  const failure = useAccountFailure("setPassword");
  const personal = usePersonalInputs(email);
  const form = useForm(
    useStrongPasswordSchema(setPasswordSchemaFor(email), "password", () => personal),
    { password: "" },
    failure,
  );
  const min = PASSWORD_MIN_LENGTH;
  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      onSubmit={form.onSubmit((data) => account?.send({ type: "account.setPassword", password: data.password }))}
    >
      <NewPasswordField
        label={t`New password`}
        autoComplete="new-password"
        required
        hint={<Trans>At least {min} characters.</Trans>}
        userInputs={personal}
        {...form.bind("password")}
      />
      <FormAlert failure={failure} />
      <SubmitButton busy={busy} busyLabel={t`Saving…`} className="button-inline">
        {t`Set password`}
      </SubmitButton>
    </form>
  );
}
