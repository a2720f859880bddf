// The port every card on-ramp implements: Sarraf's sandbox (the embedded default) and Swipelux (by
// configuration) answer the same three questions, so the order service has one code path.

/** The provider's own words for an order's progress, mapped onto these. */
export type ProviderStatus = "pending" | "paid" | "processing" | "completed" | "failed" | "cancelled" | "expired" | "refunded" | "chargedBack";

export interface CreateOrderRequest {
  /**
   * Sarraf's order id: the provider's externalId, so a webhook or a lookup finds the order. The
   * same id may be sent twice (the first answer was lost): a provider that knows it answers the
   * order it made the first time (the sandbox does).
   */
  externalId: string;
  /** The crypto asset bought. */
  asset: string;
  /** The fiat currency charged, and the amount in its cents. */
  currency: string;
  fiatCents: bigint;
  /** What the provider delivers to Sarraf's treasury, in the asset's minor units (before Sarraf's fee). */
  cryptoUnits: bigint;
  cryptoDecimals: number;
  /** Sarraf's fee out of cryptoUnits: a payment page that can show it names it and what the buyer receives. */
  feeUnits?: bigint;
  email: string;
  /** The language of the payment page. */
  locale: "en" | "ar";
}

export interface CreatedOrder {
  providerOrderId: string;
  /** Where the buyer pays: opened in a popup. */
  paymentUrl: string;
}

export interface ProviderOrder {
  providerOrderId: string;
  externalId: string | null;
  status: ProviderStatus;
  /**
   * Minor units of the asset delivered, once completed; null before, and null when the news does
   * not say (Swipelux's success webhook carries no amount: the order service then looks it up).
   */
  deliveredUnits: bigint | null;
  /**
   * The asset delivered (Sarraf's symbol, or the provider's own code when it is not one Sarraf has
   * set up), when the provider says; compared with the order's asset before anything is credited.
   */
  deliveredAsset?: string | null;
  /** When the provider says the status changed. */
  at: Date;
}

/** A webhook, verified: the order it is about and its new status. */
export type WebhookEvent = ProviderOrder;

export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderUnavailable";
  }
}

export interface OnrampProvider {
  readonly name: "sandbox" | "swipelux";
  createOrder(request: CreateOrderRequest): Promise<CreatedOrder>;
  /** The order as the provider sees it now (the reconciler and the status poll ask this). */
  getOrder(providerOrderId: string): Promise<ProviderOrder>;
  /**
   * Cancels an order not paid yet, where the provider has such a call (the sandbox does; Swipelux
   * documents none), and answers the order as it then stands: not cancelled when it was paid first.
   */
  cancelOrder?(providerOrderId: string): Promise<ProviderOrder>;
  /** Verifies a webhook's signature and reads it; throws WebhookRejected when it is not genuine. */
  verifyWebhook(body: unknown): Promise<WebhookEvent>;
}
