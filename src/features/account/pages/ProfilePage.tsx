import { useEffect, useRef } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useAppActor } from "../../../shared/actors/context.tsx";
import { useActiveLocale, useAuthCall, useAuthContext, useAuthFailure, useDismissOnOpen } from "../../../shared/actors/hooks.ts";
import { changePasswordSchemaFor, nameField, PASSWORD_MIN_LENGTH, setPasswordSchemaFor } from "../../../../contract/index.ts";
import { Field, FormAlert, PasswordField, SubmitButton } from "../../../shared/ui/form.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useForm } from "../../../shared/ui/useForm.ts";
import { z } from "zod";
import { NotificationsCard } from "../../notifications/index.ts";

const profileFormSchema = z.strictObject({ fullName: nameField });

/** Runs `then` when a call of this kind ends without a failure: the form can be cleared. */
function useOnSuccess(callName: string, failed: boolean, then: () => void) {
  const call = useAuthCall();
  const previous = useRef(call);
  useEffect(() => {
    if (previous.current === callName && call === null && !failed) then();
    previous.current = call;
  });
}

function NameForm({ fullName }: { fullName: string }) {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const call = useAuthCall();
  const failure = useAuthFailure("updateProfile");
  const form = useForm(profileFormSchema, { fullName }, failure?.fields);
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.updateProfile", fullName: data.fullName }))}>
      <Field label={t`Full name`} autoComplete="name" required {...form.bind("fullName")} />
      <FormAlert failure={failure} />
      <SubmitButton busy={call === "updatingProfile"} busyLabel={t`Saving…`} className="button-inline">
        {t`Save`}
      </SubmitButton>
    </form>
  );
}

function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const call = useAuthCall();
  const failure = useAuthFailure("changePassword");
  const form = useForm(changePasswordSchemaFor(email), { currentPassword: "", newPassword: "" }, failure?.fields);
  useOnSuccess("changingPassword", failure !== null, () => form.reset());
  const min = PASSWORD_MIN_LENGTH;
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.changePassword", ...data }))}>
      <PasswordField label={t`Current password`} autoComplete="current-password" required {...form.bind("currentPassword")} />
      <PasswordField label={t`New password`} autoComplete="new-password" required hint={<Trans>At least {min} characters.</Trans>} {...form.bind("newPassword")} />
      <FormAlert failure={failure} />
      <SubmitButton busy={call === "changingPassword"} busyLabel={t`Saving…`} className="button-inline">
        {t`Change password`}
      </SubmitButton>
    </form>
  );
}

function SetPasswordForm({ email }: { email: string }) {
  const { t } = useLingui();
  const auth = useAppActor("auth");
  const call = useAuthCall();
  const failure = useAuthFailure("setPassword");
  const form = useForm(setPasswordSchemaFor(email), { password: "" }, failure?.fields);
  const min = PASSWORD_MIN_LENGTH;
  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={form.onSubmit((data) => auth.send({ type: "auth.setPassword", password: data.password }))}>
      <PasswordField label={t`New password`} autoComplete="new-password" required hint={<Trans>At least {min} characters.</Trans>} {...form.bind("password")} />
      <FormAlert failure={failure} />
      <SubmitButton busy={call === "settingPassword"} busyLabel={t`Saving…`} className="button-inline">
        {t`Set password`}
      </SubmitButton>
    </form>
  );
}

export default function ProfilePage() {
  const { t } = useLingui();
  useDismissOnOpen();
  const locale = useActiveLocale();
  const userInfo = useAuthContext((context) => context.userInfo);
  if (!userInfo) {
    return (
      <>
        <PageHeader title={<Trans>Profile</Trans>} />
        <p aria-busy="true">{t`Loading your profile…`}</p>
      </>
    );
  }
  const since = typeof userInfo.createdAt === "string" ? new Date(userInfo.createdAt) : null;
  return (
    <>
      <PageHeader title={<Trans>Profile</Trans>} lead={<Trans>Your account details and how you sign in.</Trans>} />
      <div className="profile-grid">
        <section className="card" aria-labelledby="account-heading">
          <h2 id="account-heading">{t`Account`}</h2>
          <dl className="details">
            <dt>{t`E-mail`}</dt>
            <dd>
              <bdi dir="ltr">{userInfo.email}</bdi>{" "}
              {userInfo.emailVerified ? <span className="badge badge-ok">{t`Verified`}</span> : <span className="badge">{t`Not verified`}</span>}
            </dd>
            {since && !Number.isNaN(since.getTime()) && (
              <>
                <dt>{t`Member since`}</dt>
                <dd>{since.toLocaleDateString(locale === "ar" ? "ar-u-nu-latn" : "en-GB", { year: "numeric", month: "long", day: "numeric" })}</dd>
              </>
            )}
          </dl>
          <NameForm key={userInfo.fullName ?? ""} fullName={userInfo.fullName ?? ""} />
        </section>
        <section className="card" aria-labelledby="password-heading">
          <h2 id="password-heading">{t`Password`}</h2>
          {userInfo.hasPassword === false ? (
            <>
              <p className="field-hint">{t`You sign in with e-mail codes. Add a password to log in with it as well.`}</p>
              <SetPasswordForm email={userInfo.email} />
            </>
          ) : (
            <ChangePasswordForm email={userInfo.email} />
          )}
        </section>
        <NotificationsCard />
      </div>
    </>
  );
}
