import { Link } from "wouter";
import { Trans } from "@lingui/react/macro";
import { exchangeHref, paths } from "../../../shared/lib/paths.ts";

/** An address names an asset we do not list: say so, and give ways back. */
export function UnknownAsset({ symbol, currency }: { symbol: string; currency?: string }) {
  return (
    <section className="card" role="alert">
      <h2>
        <Trans>We do not list this asset</Trans>
      </h2>
      <p>
        {currency ? (
          <Trans>
            There is no market for <bdi dir="ltr">{symbol}</bdi> in <bdi dir="ltr">{currency}</bdi>.
          </Trans>
        ) : (
          <Trans>
            There is no asset with the symbol <bdi dir="ltr">{symbol}</bdi>.
          </Trans>
        )}
      </p>
      <p className="button-row">
        <Link className="button button-primary" href={paths.market}>
          <Trans>See every asset</Trans>
        </Link>
        <Link className="button" href={exchangeHref()}>
          <Trans>Go to BTC / USD</Trans>
        </Link>
      </p>
    </section>
  );
}
