import { useLingui } from "@lingui/react/macro";
import { z } from "zod";
import { nameField } from "../../../../contract/index.ts";
import { Field, FormAlert, SubmitButton } from "../../../shared/ui/form.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { useAccount, useAccountBusy, useAccountFailure } from "../hooks.ts";

const profileFormSchema = z.strictObject({ fullName: nameField });

/** The full name; saving it keeps the user signed in with the new profile (spec section 4). */
export function NameForm({ fullName }: { fullName: string }) {
  const { t } = useLingui();
  const account = useAccount();
  const busy = useAccountBusy("updateProfile");
  const failure = useAccountFailure("updateProfile");
  const form = useForm(profileFormSchema, { fullName }, failure);
  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      onSubmit={form.onSubmit((data) => account?.send({ type: "account.updateProfile", fullName: data.fullName }))}
    >
      <Field label={t`Full name`} autoComplete="name" required {...form.bind("fullName")} />
      <FormAlert failure={failure} />
      <SubmitButton busy={busy} busyLabel={t`Saving…`} className="button-inline">
        {t`Save`}
      </SubmitButton>
    </form>
  );
}
