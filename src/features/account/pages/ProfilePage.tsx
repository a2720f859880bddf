import { Trans, useLingui } from "@lingui/react/macro";
import { useActiveLocale, useProfile } from "../../../shared/actors/hooks.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { NotificationsCard } from "../../notifications/index.ts";
import { NameForm } from "../components/NameForm.tsx";
import { ChangePasswordForm, SetPasswordForm } from "../components/PasswordForms.tsx";
import { useDismissAccountOnOpen } from "../hooks.ts";

export default function ProfilePage() {
  const { t } = useLingui();
  useDismissAccountOnOpen();
  const locale = useActiveLocale();
  const userInfo = useProfile();
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
