import { Fragment } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useActiveLocale, useProfile } from "../../../shared/actors/hooks.ts";
import { Email } from "../../../shared/ui/Email.tsx";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { providerNames } from "../../auth/index.ts";
import { NotificationsCard } from "../../notifications/index.ts";
import { KycStatusCard } from "../../kyc/index.ts";
import { NameForm } from "../components/NameForm.tsx";
import { PictureCard } from "../components/PictureCard.tsx";
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
  const { email } = userInfo;
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
              <bdi dir="ltr">{email}</bdi>{" "}
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
        <section className="card" aria-labelledby="sign-in-heading">
          <h2 id="sign-in-heading">{t`How you sign in`}</h2>
          <dl className="details">
            {userInfo.hasPassword && (
              <>
                <dt>{t`Password`}</dt>
                <dd>{t`Your e-mail and password`}</dd>
              </>
            )}
            <dt>{t`E-mail code`}</dt>
            <dd>
              <Trans>
                A one-time code sent to <Email>{email}</Email>
              </Trans>
            </dd>
            {userInfo.providers.map((provider) => {
              const name = providerNames[provider];
              return (
                <Fragment key={provider}>
                  <dt>{name}</dt>
                  <dd>{t`Your ${name} account`}</dd>
                </Fragment>
              );
            })}
          </dl>
          {userInfo.hasPassword === false ? (
            <>
              <p className="field-hint">{t`You have no password yet. Add one to sign in with your e-mail and password too.`}</p>
              <SetPasswordForm email={email} />
            </>
          ) : (
            <ChangePasswordForm email={email} />
          )}
        </section>
        <KycStatusCard />
        <PictureCard profile={userInfo} />
        <NotificationsCard />
      </div>
    </>
  );
}
