// The profile picture machine's vocabulary. The file is the browser's Blob (a File is one); the
// machine only reads its size, and hands it to the upload actor.
import type { Profile, StoredFile } from "../../contract/index.ts";
import type { Failure } from "../failure.ts";

export type { Profile, StoredFile };

export type PictureFlow = "upload" | "remove";
export type PictureFailure = Failure<PictureFlow>;

export interface PictureInput {
  /** UPLOAD_MAX_BYTES as the page knows it: a larger file is refused before a byte is sent. */
  maxBytes: number;
}

export interface PictureContext {
  maxBytes: number;
  /** The picture chosen and previewed, not yet saved. */
  file: Blob | null;
  /** Bytes sent of the upload under way. */
  progress: { sent: number; total: number } | null;
  /** The upload stored, while it is being set as the picture. */
  uploaded: StoredFile | null;
  error: PictureFailure | null;
}

export type PictureEvent =
  | { type: "picture.choose"; file: Blob }
  | { type: "picture.save" }
  | { type: "picture.cancel" }
  | { type: "picture.remove" }
  /** Sent by the upload actor as the bytes go out. */
  | { type: "picture.progress"; sent: number; total: number };

/** Tags views read: `busy` while a call runs, `chosen` while a preview waits to be saved, `uploading` with its progress. */
export type PictureTag = "busy" | "chosen" | "uploading" | "removing";

export type PictureNotice = "pictureSaved" | "pictureRemoved";
export type PictureEmitted = { type: "picture.notice"; notice: PictureNotice };

/** What the upload actor is given: the file, and whom to tell its progress. */
export interface UploadInput {
  file: Blob;
  reportTo: { send(event: Extract<PictureEvent, { type: "picture.progress" }>): void };
}
