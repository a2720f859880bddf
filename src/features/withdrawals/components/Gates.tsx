import { Link } from "wouter";
import { Trans, useLingui } from "@lingui/react/macro";
import type { WithdrawStatus } from "../../../../contract/index.ts";
import { SUPPORT_EMAIL } from "../../../../contract/vocabulary.ts";
import { paths } from "../../../shared/lib/paths.ts";
import { Email } from "../../../shared/ui/Email.tsx";

/** What stands between the user and a withdrawal, said before the form: a freeze, a password change's lock, identity verification. */
export function Gates({ status }: { status: WithdrawStatus }) {
  const { i18n } = useLingui();
  const since = status.frozenAt ? i18n.date(new Date(status.frozenAt), { dateStyle: "medium", timeStyle: "short" }) : null;
  const until = status.lockedUntil ? i18n.date(new Date(status.lockedUntil), { dateStyle: "medium", timeStyle: "short" }) : null;
  return (
    <>
      {status.frozen && (
        <section className="withdraw-frozen" role="status" aria-labelledby="frozen-title" data-testid="frozen">
          <h2 id="frozen-title">
            <Trans>Withdrawals are frozen</Trans>
          </h2>
          <p>
            {since ? (
              <Trans>
                Withdrawals from your account have been frozen since <bdi>{since}</bdi>, from the link in one of our e-mails. Nothing can be withdrawn and no
                address added until support lifts the freeze.
              </Trans>
            ) : (
              <Trans>Withdrawals from your account are frozen. Nothing can be withdrawn and no address added until support lifts the freeze.</Trans>
            )}
          </p>
          <p>
            <Trans>
              To lift it, write to{" "}
              <Email>
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </Email>{" "}
              from this account's e-mail address, or use the <Link href={paths.contact}>contact page</Link>. If you did not freeze it yourself, change your
              password too.
            </Trans>
          </p>
        </section>
      )}
      {until && (
        <p className="withdraw-notice" role="status" data-testid="locked">
          <Trans>
            Your password was changed recently. To protect your account, withdrawals are paused until <bdi dir="ltr">{until}</bdi>.
          </Trans>
        </p>
      )}
      {!status.kycApproved && (
        <p className="withdraw-notice" role="status">
          <Trans>
            Verify your identity before you withdraw. <Link href={paths.kyc}>Verify your identity</Link>
          </Trans>
        </p>
      )}
    </>
  );
}
