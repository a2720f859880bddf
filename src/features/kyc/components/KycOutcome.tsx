import { Trans, useLingui } from "@lingui/react/macro";
import { SUPPORT_EMAIL } from "../../../../contract/vocabulary.ts";
import type { KycDetails } from "../../../../machines/kyc/kyc.types.ts";
import { Email } from "../../../shared/ui/Email.tsx";
import { countryName, documentTypeText, reasonText } from "../lib/texts.ts";

type Application = NonNullable<KycDetails["application"]>;

/** What was sent: the name, the document (its number's last four only) and when. */
export function Submitted({ application }: { application: Application }) {
  const { t, i18n } = useLingui();
  return (
    <dl className="details">
      <dt>{t`Legal name`}</dt>
      <dd>
        {application.firstName} {application.lastName}
      </dd>
      <dt>{t`Country`}</dt>
      <dd>{countryName(i18n.locale, application.country)}</dd>
      <dt>{t`Document`}</dt>
      <dd>
        {documentTypeText(i18n, application.documentType)} · <bdi dir="ltr">…{application.documentNumberEnd}</bdi>
      </dd>
    </dl>
  );
}

export function Pending({ application, checking }: { application: Application; checking: boolean }) {
  return (
    <section className="card kyc-outcome" aria-labelledby="kyc-pending-heading">
      <h2 id="kyc-pending-heading">
        <Trans>Your documents are being reviewed</Trans>
      </h2>
      <p role="status" aria-busy={checking}>
        <Trans>This usually takes a few minutes. This page updates by itself when the review is done.</Trans>
      </p>
      <Submitted application={application} />
    </section>
  );
}

export function Approved({ application }: { application: Application }) {
  return (
    <section className="card kyc-outcome" aria-labelledby="kyc-approved-heading">
      <h2 id="kyc-approved-heading">
        <span className="badge badge-ok">
          <Trans>Verified</Trans>
        </span>{" "}
        <Trans>Your identity is verified</Trans>
      </h2>
      <p role="status">
        <Trans>You can now make larger card buys and withdraw.</Trans>
      </p>
      <Submitted application={application} />
    </section>
  );
}

export function Rejected({ application, onRetry }: { application: Application; onRetry: (() => void) | null }) {
  const { i18n } = useLingui();
  const review = application.review;
  return (
    <section className="card kyc-outcome" aria-labelledby="kyc-rejected-heading">
      <h2 id="kyc-rejected-heading">
        <Trans>We could not verify your identity</Trans>
      </h2>
      <div role="status">
        <ul>
          {review?.reasons.map((reason) => (
            <li key={reason}>{reasonText(i18n, reason)}</li>
          ))}
        </ul>
        {review?.note && (
          <p>
            <Trans>The reviewer's note:</Trans> <q>{review.note}</q>
          </p>
        )}
      </div>
      {onRetry ? (
        <button type="button" className="button button-primary" onClick={onRetry}>
          <Trans>Try again with new documents</Trans>
        </button>
      ) : (
        <p>
          <Trans>
            This decision is final. If you think it is wrong, write to <Email>{SUPPORT_EMAIL}</Email>.
          </Trans>
        </p>
      )}
      <Submitted application={application} />
    </section>
  );
}
