export const SOCIAL_PROVIDERS = ["google", "apple", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const isSocialProvider = (name: string): name is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(name);

/** How the brands are written in both languages: Latin script, as Arabic interfaces show them. */
export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };

/** Who signed in, as the provider vouched for it after the code exchange. */
export interface SocialProfile {
  /** The ID token's `iss` (Facebook, plain OAuth 2: a fixed string). With `subject`, the identity. */
  issuer: string;
  subject: string;
  email?: string;
  /** Only true when the provider asserts it (`email_verified`). */
  emailVerified: boolean;
  name?: string;
}

/** One attempt's secrets, kept in its oauth_states row between start and callback. */
export interface Attempt {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Where this server is, as the browser sees it (`origin`) and as it can reach itself (`self`,
 * the socket the request came in on). Only the embedded stand-in needs `self`: its back channel
 * (discovery, token, keys) is this very process, whatever DNS or proxies sit in front of it.
 */
export interface Site {
  origin: string;
  self?: { host: string; port: number };
}

/** A provider behind the one start/callback code path: the real one, or the embedded stand-in. */
export interface SocialAdapter {
  readonly provider: SocialProvider;
  readonly kind: "real" | "standIn";
  /** The provider's sign-in page for this attempt (state, nonce, S256 code challenge). */
  authorizationUrl(site: Site, attempt: Attempt): Promise<URL>;
  /** Exchanges the code with the PKCE verifier and validates what comes back; throws on any failure. */
  identify(site: Site, response: URLSearchParams, attempt: Attempt): Promise<SocialProfile>;
}
