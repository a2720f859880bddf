// Uploaded files (profile pictures, identity documents): what /file/add takes and answers, and
// where a profile picture is served. The bytes decide a file's type, never its name.
import { z } from "zod";

import { filePurposes } from "./fileVocabulary.ts";

export { acceptedImageTypes, DEFAULT_UPLOAD_MAX_BYTES, filePurposes, type FilePurpose } from "./fileVocabulary.ts";

/** The multipart form of /file/add: one image under `file`, and what it is for (a picture by default). */
export const addFileSchema = z.strictObject({
  file: z.file({ error: "field.required" }),
  purpose: z.enum(filePurposes, { error: "field.invalid" }).default("avatar"),
});

export const storedFileSchema = z.object({
  id: z.uuid(),
  purpose: z.enum(filePurposes),
  /** Always image/webp: every upload is re-encoded. */
  contentType: z.string(),
  /** Bytes stored, after re-encoding. */
  size: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** SHA-256 of the stored bytes, hex. */
  sha256: z.string(),
  /** Where a profile picture is served (no sign-in needed: the id is unguessable); null for documents. */
  url: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type StoredFile = z.output<typeof storedFileSchema>;

/** /user/uploadProfileImage: the user's own uploaded picture, or null to remove the picture. */
export const setPictureSchema = z.strictObject({
  fileId: z.uuid({ error: "field.invalid" }).nullable(),
});

/** Where a profile picture is served: the file's random id names it, and its bytes never change. */
export const PICTURE_PATH_PREFIX = "/files/";
export const pictureUrl = (fileId: string) => `${PICTURE_PATH_PREFIX}${fileId}.webp`;
