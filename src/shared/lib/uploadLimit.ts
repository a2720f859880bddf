import { DEFAULT_UPLOAD_MAX_BYTES } from "../../../contract/fileVocabulary.ts";

/**
 * The server's UPLOAD_MAX_BYTES, so a page refuses a larger file before sending a byte: the server
 * marks the HTML it sends (`<html data-upload-max-bytes="…">`, server/platform/http/spa.ts) when the
 * setting is not the contract's default, as it marks a play-money demo; unmarked, it is the default.
 */
export function uploadMaxBytes(): number {
  const marked = typeof document === "undefined" ? undefined : document.documentElement.dataset.uploadMaxBytes;
  const bytes = marked ? Number(marked) : NaN;
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : DEFAULT_UPLOAD_MAX_BYTES;
}

/** A size in whole megabytes (MiB), or with one decimal below ten: "5 MB", "1.5 MB". */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 10 || Number.isInteger(mb) ? String(Math.floor(mb)) : String(Math.floor(mb * 10) / 10);
}
