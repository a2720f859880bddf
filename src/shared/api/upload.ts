// Uploads a multipart form to the API with real progress: fetch cannot report how much of a body
// has been sent (upload streams need HTTP/2 and are not in every browser), XMLHttpRequest's
// upload events can. Same rules as the JSON client (src/shared/api/client.ts): the token and
// language it sends, the 401 rule, ApiError with the server's reason, and an answer for a session
// that has ended here is dropped.
import { ApiError, codeForStatus, failureDataOf } from "./errors.ts";
import type { ApiClientOptions } from "./client.ts";

export interface UploadOptions {
  /** Bytes sent so far and the body's total (0 when the browser cannot tell). */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting stops the request; the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

export type Upload = (path: string, form: FormData, options?: UploadOptions) => Promise<unknown>;

const parse = (text: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

export function createUpload(options: ApiClientOptions): Upload {
  return (path, form, { onProgress, signal } = {}) =>
    new Promise((resolve, reject) => {
      const token = options.getToken();
      if (token && options.sessionEnded?.(token)) return;
      const request = new XMLHttpRequest();
      request.open("POST", `${options.baseURL}${path}`);
      request.setRequestHeader("Accept", "application/json");
      request.setRequestHeader("Accept-Language", options.getLocale());
      if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
      request.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
      request.onload = () => {
        // An answer for a session that has ended here belongs to nobody now.
        if (token !== options.getToken()) return;
        const envelope = parse(request.responseText);
        if (request.status === 200 && envelope?.status === "success") return resolve(envelope.data);
        const code = codeForStatus(request.status);
        const message = typeof envelope?.message === "string" && envelope.message ? envelope.message : `${request.status} ${request.statusText}`.trim();
        const error = new ApiError(code, message, request.status, failureDataOf(envelope?.data));
        if (code === "unauthorized") options.onUnauthorized(error);
        reject(error);
      };
      request.onerror = () => reject(new ApiError("network", "The upload could not reach the server."));
      request.onabort = () => reject(new DOMException("The upload was stopped.", "AbortError"));
      signal?.addEventListener("abort", () => request.abort(), { once: true });
      request.send(form);
    });
}
