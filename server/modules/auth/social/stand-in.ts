import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type Provider from "oidc-provider";
import type { Configuration, JWK, KoaContextWithOIDC } from "oidc-provider";
import { negotiateLocale } from "../../../platform/i18n/index.ts";
import { SOCIAL_PROVIDERS, type SocialProvider } from "./providers.ts";
import { standInErrorPage } from "./stand-in-pages.ts";

/** Where the embedded OpenID Connect provider is mounted; its issuer is `${origin}/oidc`. */
export const STAND_IN_PATH = "/oidc";
/**
 * One provider per origin the app is reached at (localhost and 127.0.0.1 differ); a few suffice.
 * Past that the least recently used goes, so no run of odd Host headers can use up the slots.
 */
const MAX_ORIGINS = 8;
const TTL_SECONDS = 600;

export const standInClientId = (provider: SocialProvider) => `sarraf-${provider}`;
export const providerOfClient = (clientId: unknown) => SOCIAL_PROVIDERS.find((provider) => standInClientId(provider) === clientId);

export interface StandInAccount {
  email: string;
  name: string;
}

export interface StandIns {
  /** The secret each client authenticates with: random per process, like the provider's keys. */
  clientSecret(provider: SocialProvider): string;
  /** The provider for an origin, made on first use (replacing the least recently used beyond MAX_ORIGINS). */
  at(origin: string): Promise<Provider>;
  /** The node request handler of that provider, with its paths relative to STAND_IN_PATH. */
  handler(provider: Provider): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Records who signed in at the form and returns their subject. */
  signIn(provider: SocialProvider, account: StandInAccount): string;
}

/**
 * The same e-mail at the same provider is the same subject, across restarts; another provider
 * gives another subject, as real providers would.
 */
export function standInSubject(provider: SocialProvider, email: string): string {
  return createHash("sha256").update(`${provider}\n${email.trim().toLowerCase()}`).digest("base64url").slice(0, 32);
}

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { ...(privateKey.export({ format: "jwk" }) as JWK), kid: randomBytes(8).toString("hex"), alg: "RS256", use: "sig" };
}

/**
 * oidc-provider (about 300 modules) and its in-memory store, loaded when a stand-in is first
 * used rather than at every start. The store is a subclass, because passing the class itself
 * prints a "development only" warning at every start.
 */
const oidc = async () => {
  const [{ default: Provider, interactionPolicy }, { default: MemoryAdapter }] = await Promise.all([
    import("oidc-provider"),
    import("oidc-provider/lib/adapters/memory_adapter.js"),
  ]);
  return { Provider, interactionPolicy, StandInStore: class StandInStore extends MemoryAdapter {} };
};
type Oidc = Awaited<ReturnType<typeof oidc>>;

/** The stand-in asks every time (a developer may want another account), not only without a session. */
function alwaysAsk({ interactionPolicy }: Oidc) {
  const { base, Check } = interactionPolicy;
  const policy = base();
  policy
    .get("login")!
    .checks.add(
      new Check("stand_in_asks", "the stand-in asks who is signing in on every request", (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/** First-party clients: the sign-in itself is the consent, so every request is granted at once. */
async function autoGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const clientId = oidc.client!.clientId;
  const accountId = oidc.session!.accountId!;
  const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(clientId);
  const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  // Another account may have signed in since that grant was made, in the same browser.
  if (existing?.accountId === accountId) return existing;
  const grant = new oidc.provider.Grant({ clientId, accountId });
  grant.addOIDCScope("openid email profile");
  await grant.save();
  return grant;
}

export function createStandIns(): StandIns {
  const secrets = Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, randomBytes(32).toString("base64url")])) as Record<SocialProvider, string>;
  const accounts = new Map<string, StandInAccount>();
  const providers = new Map<string, Provider>();
  const handlers = new WeakMap<Provider, (req: IncomingMessage, res: ServerResponse) => Promise<void>>();

  let loaded: Promise<Oidc> | undefined;

  const configuration = (origin: string, modules: Oidc): Configuration => ({
    // oidc-provider's in-memory store: a stand-in keeps nothing across restarts.
    adapter: modules.StandInStore,
    clients: SOCIAL_PROVIDERS.map((provider) => ({
      client_id: standInClientId(provider),
      client_secret: secrets[provider],
      client_name: "Sarraf",
      redirect_uris: [`${origin}/auth/callback`],
      response_types: ["code"],
      grant_types: ["authorization_code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    pkce: { required: () => true },
    responseTypes: ["code"],
    scopes: ["openid", "email", "profile"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Like Google, the ID token itself carries the e-mail and name.
    conformIdTokenClaims: false,
    allowOmittingSingleRegisteredRedirectUri: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      dPoP: { enabled: false },
    },
    interactions: { url: (_ctx, interaction) => `${STAND_IN_PATH}/interaction/${interaction.uid}`, policy: alwaysAsk(modules) },
    loadExistingGrant: autoGrant,
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ sub, email: account.email, email_verified: true, name: account.name || undefined }) };
    },
    clientBasedCORS: () => false,
    renderError: (ctx) => {
      ctx.type = "html";
      ctx.body = standInErrorPage(negotiateLocale(ctx.get("Accept-Language")));
    },
    ttl: {
      AccessToken: TTL_SECONDS,
      AuthorizationCode: 60,
      IdToken: TTL_SECONDS,
      Interaction: TTL_SECONDS,
      Session: TTL_SECONDS,
      Grant: TTL_SECONDS,
    },
  });

  return {
    clientSecret: (provider) => secrets[provider],
    async at(origin) {
      const modules = await (loaded ??= oidc());
      let provider = providers.get(origin);
      // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
      providers.delete(origin);
      if (!provider) {
        if (providers.size >= MAX_ORIGINS) providers.delete(providers.keys().next().value!);
        provider = new modules.Provider(`${origin}${STAND_IN_PATH}`, configuration(origin, modules));
        // The site's origin reaches it in X-Forwarded-Proto/Host (set by the route, never by clients).
        provider.proxy = true;
      }
      providers.set(origin, provider);
      return provider;
    },
    handler(provider) {
      let handle = handlers.get(provider);
      if (!handle) {
        handle = provider.callback() as unknown as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
        handlers.set(provider, handle);
      }
      return handle;
    },
    signIn(provider, account) {
      const subject = standInSubject(provider, account.email);
      accounts.set(subject, account);
      return subject;
    },
  };
}
