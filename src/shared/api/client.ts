import { ofetch, type FetchResponse } from "ofetch";
import { ApiError, codeForStatus, failureDataOf } from "./errors.ts";

export interface Envelope<T> {
  status: "success" | "error";
  message: string;
  data: T;
}

export interface ApiClientOptions {
  /** `/api/v1` in the browser; an absolute URL when tests run against a real server. */
  baseURL: string;
  getToken: () => string | null;
  getLocale: () => string;
  /**
   * Called on a 401 before the error is raised (the app clears stored auth and goes to /login), but
   * only when the call was sent with the token still stored: a 401 to a call sent with a token
   * this browser no longer holds (a poll answered after a logout revoked its token, or after a
   * new sign-in replaced it) is about a session that has already ended here.
   */
  onUnauthorized: (error: ApiError) => void;
  /**
   * True when the session of `token` has ended in this browser while the token is still stored
   * (the logout call is under way): a call with it is then never sent, apart from `exempt` (the
   * logout itself). Whatever still asks has been stopped, or is about to be.
   */
  sessionEnded?: (token: string) => boolean;
  /** The path a session that has ended may still call with its token: the logout. */
  exempt?: string;
}

/**
 * What a call answers when the token it was sent with is no longer this browser's (a sign-out or
 * a sign-in as someone else happened while it was in flight): nothing, ever. Its answer, success
 * or failure, belongs to a session that has ended here: it must not show the old account's data,
 * an error, or trigger the 401 rule. Whoever waited for it was stopped with that session
 * (src/shared/actors/session.ts), so the pending promise is simply dropped with it.
 */
const sessionEnded = <T>() => new Promise<T>(() => {});

export interface ApiClient {
  post<T = unknown>(path: string, body?: unknown): Promise<Envelope<T>>;
  put<T = unknown>(path: string, body?: unknown): Promise<Envelope<T>>;
}

function envelopeOf(value: unknown): Partial<Envelope<unknown>> | null {
  return value !== null && typeof value === "object" ? (value as Partial<Envelope<unknown>>) : null;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetcher = ofetch.create({
    baseURL: options.baseURL,
    retry: 0,
    // Status handling is ours (spec section 8), so ofetch must not throw on its own.
    ignoreResponseError: true,
    onRequest({ options: request }) {
      request.headers.set("Accept-Language", options.getLocale());
      request.headers.set("Accept", "application/json");
    },
  });

  async function call<T>(method: "POST" | "PUT", path: string, body: unknown): Promise<Envelope<T>> {
    let response: FetchResponse<unknown>;
    // Read once: the 401 rule below must know which session this call was made for.
    const token = options.getToken();
    if (token && path !== options.exempt && options.sessionEnded?.(token)) return sessionEnded();
    try {
      response = await fetcher.raw(path, { method, body: (body ?? {}) as Record<string, unknown>, headers: token ? { Authorization: `Bearer ${token}` } : {} });
    } catch (cause) {
      if (token !== options.getToken()) return sessionEnded();
      throw new ApiError("network", cause instanceof Error ? cause.message : String(cause));
    }
    if (token !== options.getToken()) return sessionEnded();
    const envelope = envelopeOf(response._data);
    if (envelope?.status === "success" || response.status === 200) return response._data as Envelope<T>;

    const code = codeForStatus(response.status);
    const serverMessage = typeof envelope?.message === "string" && envelope.message ? envelope.message : null;
    // Without a server message (a proxy's HTML page, say) the error text is all there is.
    const message = serverMessage ?? (`${response.status} ${response.statusText}`.trim() || "Request failed");
    const error = new ApiError(code, message, response.status, failureDataOf(envelope?.data));
    // The 401 rule ends this browser's session: a call sent without one (a signed-in page's feed
    // still mounted for a moment after a sign-out) has none to end, and its refusal must not send
    // the visitor away again from where the sign-out took them (/login?returnTo=… would become /login).
    if (code === "unauthorized" && token) options.onUnauthorized(error);
    throw error;
  }

  return {
    post: (path, body) => call("POST", path, body),
    put: (path, body) => call("PUT", path, body),
  };
}
