import { Trans } from "@lingui/react/macro";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Alert } from "../../../shared/ui/form.tsx";
import { Approved, Pending, Rejected } from "../components/KycOutcome.tsx";
import { KycForm } from "../components/KycForm.tsx";
import { useKycMachine } from "../hooks.ts";
import "../kyc.css";

/** Identity verification (issue 27): the machine decides what shows; this page only draws it. */
export default function KycPage() {
  const { actor, has } = useKycMachine();
  const details = useSelector(actor, (state) => state.context.details);
  const failure = useSelector(actor, (state) => state.context.failure);
  const application = details?.application ?? null;
  return (
    <>
      <PageHeader title={<Trans>Identity verification</Trans>} lead={<Trans>Verify your identity to make larger card buys and to withdraw.</Trans>} />
      {has("loading") && (
        <p role="status" aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      )}
      {has("loadFailed") && (
        <>
          <Alert>
            <Trans>We could not load your verification. Check your connection and try again.</Trans>
          </Alert>
          <button type="button" className="button" onClick={() => actor.send({ type: "kyc.reload" })}>
            <Trans>Try again</Trans>
          </button>
        </>
      )}
      {has("form") && (
        <KycForm initial={application} busy={has("busy")} failure={failure} onSubmit={(form, photos) => actor.send({ type: "kyc.submit", form, photos })} />
      )}
      {has("pending") && application && <Pending application={application} checking={has("checking")} />}
      {has("approved") && application && <Approved application={application} />}
      {has("rejected") && application && (
        <Rejected application={application} onRetry={has("retryAllowed") ? () => actor.send({ type: "kyc.startOver" }) : null} />
      )}
    </>
  );
}
