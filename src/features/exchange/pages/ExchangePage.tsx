import { useSearch } from "wouter";
import { Trans } from "@lingui/react/macro";
import { ComingSoon, PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { parsePair } from "../../../shared/lib/pair.ts";

export default function ExchangePage() {
  const pair = parsePair(useSearch());
  return (
    <>
      <PageHeader title={<Trans>Exchange</Trans>}>
        {pair.ok ? (
          <p className="pair">
            <bdi dir="ltr">
              {pair.symbol} / {pair.curr}
            </bdi>
          </p>
        ) : (
          <p role="alert" className="form-error">
            <Trans>That currency pair is not valid. Showing BTC / USD instead.</Trans>
          </p>
        )}
      </PageHeader>
      <ComingSoon>
        <Trans>Swap between coins and currencies at a quoted price.</Trans>
      </ComingSoon>
    </>
  );
}
