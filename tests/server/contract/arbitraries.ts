import fc from "fast-check";
import {
  BLOG_CATEGORIES,
  BLOG_PAGE_SIZE_MAX,
  HISTORY_PAGE_MAX,
  MAX_EPOCH_MS,
  ORDER_STATUSES,
  PRICE_RANGES,
  QUOTE_CURRENCIES,
  routes,
  TERMS_VERSION,
  type LiveRouteName,
  type RequestOf,
} from "../../../contract/index.ts";

// Request bodies for the property test: valid ones built for each live route's schema (and
// filtered by it, so "valid" is what the table says), and the kinds of wrong a client can send.

/** Text a person may type: Latin, Arabic, digits, punctuation, emoji (surrogate pairs), RTL and zero-width marks. */
const typed = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,'-_!?#%&*()+=/@",
  ..."ابتثجحخدذرزسشصضطظعغفقكلمنهوي٠١٢٣",
  "é",
  "e\u0301",
  "ﬁ",
  "😀",
  "🌙",
  "👩🏽‍💻",
  "\u200f",
  "\u200e",
  "\u202e",
  "\u200d",
  "\u00a0",
  "\u2028",
  "\ufeff",
);
const text = (minLength: number, maxLength: number) => fc.array(typed, { minLength, maxLength }).map((units) => units.join(""));

const email = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9._+-]{0,12}[a-z0-9]$/),
    fc.constantFrom("example.com", "example.org", "mail.example.net"),
    fc.boolean(),
    fc.constantFrom("", " ", "  "),
  )
  .map(([local, domain, upper, pad]) => `${pad}${upper ? `${local}@${domain}`.toUpperCase() : `${local}@${domain}`}${pad}`);
const locale = fc.constantFrom("en" as const, "ar" as const);
const newPassword = text(14, 40);
const existingPassword = text(1, 64);
const otp = fc.stringMatching(/^\d{6}$/);
const base64url = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`));
const id = fc.oneof(fc.uuid(), text(0, 20));
// Listed symbols, in any case and padding (the schema trims and upper-cases), and some that are not listed.
const symbol = fc.oneof(fc.constantFrom("BTC", "eth", " sol ", "USDT"), fc.stringMatching(/^[A-Z0-9]{2,10}$/));
const currency = fc.constantFrom(...QUOTE_CURRENCIES, "usd", " eur ");
const amount = fc.oneof(fc.constantFrom("0", "10", "100.5", "0.00000001", "5000.001", "1e3", "-5"), fc.stringMatching(/^\d{1,8}(\.\d{1,20})?$/));

/** Only what the route's request schema (as the table declares it) accepts. */
const accepted = <K extends LiveRouteName>(name: K, arbitrary: fc.Arbitrary<RequestOf<K>>) =>
  arbitrary.filter((body) => routes[name].request.safeParse(body).success);

/** A valid body per live route, typed by the table: a wrong field here does not compile. */
export const validBodies: { [K in LiveRouteName]: fc.Arbitrary<RequestOf<K>> } = {
  health: fc.jsonValue({ maxDepth: 2 }),
  logout: fc.jsonValue({ maxDepth: 2 }),
  signup: accepted(
    "signup",
    fc.record(
      { fullName: text(1, 40), email, password: newPassword, locale, acceptedTerms: fc.constant(TERMS_VERSION) },
      { requiredKeys: ["fullName", "email", "password", "acceptedTerms"] },
    ),
  ),
  login: accepted("login", fc.record({ email, password: existingPassword })),
  sendOtp: accepted("sendOtp", fc.record({ email, locale }, { requiredKeys: ["email"] })),
  verifyOtp: accepted("verifyOtp", fc.record({ email, otp, token: base64url(200) }, { requiredKeys: ["email", "otp"] })),
  forgotPassword: accepted("forgotPassword", fc.record({ email, locale }, { requiredKeys: ["email"] })),
  resetPassword: accepted("resetPassword", fc.record({ email, otp, password: newPassword })),
  socialLogin: accepted("socialLogin", fc.record({ code: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) })),
  getProfile: accepted("getProfile", fc.record({ id, _id: id }, { requiredKeys: [] })),
  updateProfile: accepted("updateProfile", fc.record({ fullName: text(1, 40), locale }, { requiredKeys: [] })),
  setPassword: accepted("setPassword", fc.record({ password: newPassword })),
  changePassword: accepted("changePassword", fc.record({ currentPassword: existingPassword, newPassword })),
  pushToken: accepted(
    "pushToken",
    fc.record(
      {
        token: text(1, 60),
        createdAt: fc.integer({ min: 0, max: MAX_EPOCH_MS }),
        endpoint: fc.webUrl({ validSchemes: ["https"] }),
        auth: base64url(40),
        p256dh: base64url(90),
        swScope: text(1, 60),
        vapidKey: base64url(90),
      },
      { requiredKeys: ["token", "createdAt", "swScope", "vapidKey"] },
    ),
  ),
  currencyList: fc.jsonValue({ maxDepth: 2 }),
  getPrice: accepted("getPrice", fc.record({ symbol, currency }, { requiredKeys: ["symbol"] })),
  marketTickers: accepted("marketTickers", fc.record({ currency }, { requiredKeys: [] })),
  priceHistory: accepted("priceHistory", fc.record({ symbol, currency, range: fc.constantFrom(...PRICE_RANGES) }, { requiredKeys: ["symbol"] })),
  addFavToken: accepted("addFavToken", fc.record({ symbol, favourite: fc.boolean() }, { requiredKeys: ["symbol"] })),
  dashboardMarketInfo: accepted("dashboardMarketInfo", fc.record({ currency }, { requiredKeys: [] })),
  transactionsHistory: accepted(
    "transactionsHistory",
    fc.record(
      {
        type: fc.constant("buy"),
        asset: symbol,
        status: fc.constantFrom(...ORDER_STATUSES),
        from: fc.constantFrom("2026-01-01", "2026-11-26"),
        to: fc.constantFrom("2026-12-31"),
        cursor: base64url(60),
        limit: fc.integer({ min: 1, max: HISTORY_PAGE_MAX }),
      },
      { requiredKeys: [] },
    ),
  ),
  swipeluxQuote: accepted(
    "swipeluxQuote",
    fc.record({ asset: symbol, currency, side: fc.constantFrom("fiat", "crypto"), amount }, { requiredKeys: ["asset", "amount"] }),
  ),
  swipeluxSendOrder: accepted(
    "swipeluxSendOrder",
    fc.record(
      { asset: symbol, currency, side: fc.constantFrom("fiat", "crypto"), amount, idempotencyKey: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
      { requiredKeys: ["asset", "amount", "idempotencyKey"] },
    ),
  ),
  swipeluxStatus: accepted("swipeluxStatus", fc.record({ orderId: fc.uuid() })),
  swipeluxCancel: accepted("swipeluxCancel", fc.record({ orderId: fc.uuid() })),
  balances: accepted("balances", fc.record({ currency }, { requiredKeys: [] })),
  // Sent as JSON by the property test, so refused (415: an upload is multipart); tests/server/files sends real forms.
  addFile: fc
    .constantFrom("avatar" as const, "kycDocument" as const)
    .map((purpose) => ({ file: new File([new Uint8Array([0xff, 0xd8, 0xff])], "a.jpg"), purpose })),
  uploadProfileImage: accepted("uploadProfileImage", fc.record({ fileId: fc.oneof(fc.uuid(), fc.constant(null)) })),
  tradeQuote: accepted(
    "tradeQuote",
    fc.record(
      {
        kind: fc.constantFrom("buy" as const, "sell" as const, "convert" as const),
        from: fc.oneof(symbol, currency),
        to: fc.oneof(symbol, currency),
        side: fc.constantFrom("from" as const, "to" as const),
        amount,
      },
      { requiredKeys: ["kind", "from", "to", "amount"] },
    ),
  ),
  tradeAccept: accepted("tradeAccept", fc.record({ quoteId: fc.uuid() })),
  checkKyc: fc.constant({}),
  kycDetails: fc.constant({}),
  kycSubmit: accepted(
    "kycSubmit",
    fc.record(
      {
        firstName: fc.constantFrom("Amal", "Jean-Luc", "سارة"),
        lastName: fc.constantFrom("Haddad", "O'Brien", "Retry"),
        dateOfBirth: fc.constantFrom("1990-01-31", "2000-02-29"),
        country: fc.constantFrom("AE", "sa", " GB "),
        addressLine: text(1, 40),
        city: text(1, 20),
        postalCode: fc.stringMatching(/^[0-9A-Z ]{0,10}$/),
        documentType: fc.constantFrom("passport" as const, "nationalId" as const, "drivingLicence" as const),
        documentNumber: fc.stringMatching(/^[A-Z0-9]{3,20}$/),
        frontFileId: fc.uuid(),
        backFileId: fc.uuid(),
        selfieFileId: fc.uuid(),
      },
      {
        requiredKeys: [
          "firstName",
          "lastName",
          "dateOfBirth",
          "country",
          "addressLine",
          "city",
          "documentType",
          "documentNumber",
          "frontFileId",
          "selfieFileId",
        ],
      },
    ),
  ),
  sellSendOrder: accepted("sellSendOrder", fc.record({ quoteId: fc.uuid() })),
  portfolio: accepted("portfolio", fc.record({ currency, method: fc.constantFrom("fifo", "average") }, { requiredKeys: [] })),
  portfolioValue: accepted("portfolioValue", fc.record({ currency, range: fc.constantFrom("1W", "1M", "1Y") }, { requiredKeys: [] })),
  buySellReport: accepted(
    "buySellReport",
    fc.record(
      { currency, method: fc.constantFrom("fifo", "average"), from: fc.constantFrom("2026-01-01", "2026-11-26"), to: fc.constantFrom("2026-12-31") },
      { requiredKeys: [] },
    ),
  ),
  withdrawList: accepted("withdrawList", fc.constant({})),
  withdrawAdd: accepted(
    "withdrawAdd",
    fc.record(
      {
        label: text(1, 40),
        asset: fc.constantFrom("BTC", "ETH", "XRP", "usdt"),
        network: fc.constantFrom("bitcoin", "ethereum", "bsc", "xrp"),
        address: fc.constantFrom(
          "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
          "0x52908400098527886E0F7030069857D2E4169EE7",
          "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
          "x",
        ),
        memo: fc.constantFrom("", "12345"),
      },
      { requiredKeys: ["label", "asset", "network", "address"] },
    ),
  ),
  withdrawUpdate: accepted("withdrawUpdate", fc.record({ id: fc.uuid(), label: text(1, 40) })),
  withdrawDelete: accepted("withdrawDelete", fc.record({ id: fc.uuid() })),
  contactStart: fc.constant({}),
  contactUs: accepted(
    "contactUs",
    fc.record(
      {
        name: text(1, 40),
        email,
        subject: text(1, 60),
        message: text(10, 200),
        formToken: fc.oneof(fc.constant(""), fc.stringMatching(/^\d{13}\.[A-Za-z0-9_-]{43}$/)),
        website: fc.constantFrom("", "http://spam.example"),
      },
      { requiredKeys: ["name", "email", "subject", "message", "formToken"] },
    ),
  ),
  subscribe: accepted("subscribe", fc.record({ email, website: fc.constantFrom("", "x") }, { requiredKeys: ["email"] })),
  subscribeConfirm: accepted("subscribeConfirm", fc.record({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) })),
  unsubscribe: accepted("unsubscribe", fc.record({ token: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/) })),
  pageViewAdd: accepted(
    "pageViewAdd",
    fc.record(
      {
        path: fc.oneof(
          fc.constantFrom("/", "/blog?category=guides", "/reset-password?token=abc", "/partners/a@b.example"),
          text(1, 40).map((rest) => `/${rest}`),
        ),
        title: text(1, 60),
        locale,
        referrer: fc.oneof(fc.constant(null), fc.constantFrom("https://news.example.org/a?b=c", "/login?returnTo=%2F")),
      },
      { requiredKeys: ["path", "title", "locale"] },
    ),
  ),
  blogList: accepted(
    "blogList",
    fc.record(
      {
        language: locale,
        category: fc.constantFrom(...BLOG_CATEGORIES),
        tag: text(1, 40),
        q: fc.oneof(text(0, 100), fc.constantFrom("100%", "_", "\\", "%_%")),
        page: fc.integer({ min: 1, max: 1000 }),
        pageSize: fc.integer({ min: 1, max: BLOG_PAGE_SIZE_MAX }),
      },
      { requiredKeys: [] },
    ),
  ),
  blogPost: accepted(
    "blogPost",
    fc.record({ slug: fc.stringMatching(/^[a-z0-9]{1,20}(-[a-z0-9]{1,10}){0,3}$/), language: locale }, { requiredKeys: ["slug"] }),
  ),
  partnerList: accepted("partnerList", fc.record({ language: locale }, { requiredKeys: [] })),
  partnerPage: accepted(
    "partnerPage",
    fc.record({ slug: fc.stringMatching(/^[a-z0-9]{1,20}(-[a-z0-9]{1,10}){0,3}$/), language: locale }, { requiredKeys: ["slug"] }),
  ),
  vaultWithdraw: accepted(
    "vaultWithdraw",
    fc.oneof(
      fc.record({ action: fc.constant("preview" as const), addressId: fc.uuid(), amount }),
      fc.record({ action: fc.constant("request" as const), addressId: fc.uuid(), amount, idempotencyKey: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) }),
      fc.record({ action: fc.constant("confirm" as const), withdrawalId: fc.uuid(), code: fc.stringMatching(/^\d{6}$/) }),
    ),
  ),
};

/** Values of every JSON type, for a field that expects another. */
const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
);

/** Strings a parser may mishandle: lone surrogates (sent as \ud800 escapes), bidi overrides, BOMs, emoji, NUL. */
const oddText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("\ud800", "a\udc00b", "\udbff\udbff", "\u202eevil\u202c", "\u200f\u200e", "\ufeff{}", "😀".repeat(30), "\u0000", "ـ".repeat(120)),
);

/** A valid body broken one way: a field dropped, given a value of another type or odd text, or an unknown field added. */
export function brokenBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.nat(),
      fc.oneof(fc.constant("drop" as const), fc.constant("retype" as const), fc.constant("odd" as const), fc.constant("extra" as const)),
      wrongValue,
      oddText,
    )
    .map(([body, pick, how, wrong, odd]) => {
      const object: Record<string, unknown> = body !== null && typeof body === "object" && !Array.isArray(body) ? { ...body } : {};
      const keys = Object.keys(object);
      const key = keys.length > 0 && how !== "extra" ? keys[pick % keys.length]! : `extra${pick % 7}`;
      if (how === "drop") delete object[key];
      else object[key] = how === "odd" ? odd : wrong;
      return object;
    });
}

/** Any JSON at all as the whole body: arrays, numbers, strings, null, nested objects. */
export const anyJson = fc.jsonValue({ maxDepth: 4 });

/** An object of odd strings under the route's own field names (or made-up ones). */
export function oddFields(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const key = fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
  return fc.dictionary(key, oddText, { maxKeys: 4 });
}
