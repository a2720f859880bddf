import { Trans, useLingui } from "@lingui/react/macro";
import { useSelector } from "../../../shared/actors/hooks.ts";
import { Alert } from "../../../shared/ui/form.tsx";
import { tradeCommands, type TradeQuoteRef } from "../hooks.ts";
import { endingText } from "../lib/texts.ts";

/** Confirm (only while a quote has time left), what went wrong, and the one tap that asks again. */
export function QuoteActions({ actor, noteId }: { actor: TradeQuoteRef; noteId: string }) {
  const { i18n } = useLingui();
  const { confirm, requote } = tradeCommands(actor);
  const form = useSelector(actor, (state) => state.context.form);
  const failure = useSelector(actor, (state) => state.context.failure);
  const canConfirm = useSelector(actor, (state) => state.can({ type: "exchange.confirm" }));
  const canRequote = useSelector(actor, (state) => state.can({ type: "exchange.requote" }));
  const accepting = useSelector(actor, (state) => state.hasTag("accepting"));
  const ending = useSelector(actor, (state) =>
    state.hasTag("unanswered") ? "noReply" : state.hasTag("expired") ? "ranOut" : state.hasTag("failed") ? "refused" : null,
  );
  const idle = useSelector(actor, (state) => state.hasTag("editing"));
  const from = form.from;
  const to = form.to;
  return (
    <div className="trade-actions-block">
      {ending && (
        <div className="trade-ending">
          <Alert>{endingText(i18n, { ending, failure })}</Alert>
          {canRequote && (
            <button type="button" className="button" onClick={requote}>
              <Trans>Get a new quote</Trans>
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        className="button button-primary button-block trade-confirm"
        // Not disabled while accepting: a second press does nothing, and focus stays on the button.
        aria-disabled={!canConfirm || undefined}
        disabled={!canConfirm && !accepting}
        aria-busy={accepting}
        aria-describedby={noteId}
        onClick={() => {
          if (canConfirm) confirm();
        }}
      >
        {accepting && <span className="spinner" aria-hidden="true" />}
        {accepting ? (
          <Trans>Trading…</Trans>
        ) : form.kind === "buy" ? (
          <Trans>
            Confirm: buy <bdi dir="ltr">{to}</bdi>
          </Trans>
        ) : form.kind === "sell" ? (
          <Trans>
            Confirm: sell <bdi dir="ltr">{from}</bdi>
          </Trans>
        ) : (
          <Trans>
            Confirm: convert <bdi dir="ltr">{from}</bdi> to <bdi dir="ltr">{to}</bdi>
          </Trans>
        )}
      </button>
      <p id={noteId} className="trade-note">
        {idle && form.amount.trim() === "" ? (
          <Trans>Enter an amount on either side to see a quote.</Trans>
        ) : (
          <Trans>You pay and receive exactly the amounts quoted. A quote holds its price for a few seconds; it is refreshed before it runs out.</Trans>
        )}
      </p>
    </div>
  );
}
