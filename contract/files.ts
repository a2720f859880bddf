// Uploaded files (profile pictures, identity documents): what /file/add takes and answers, and
// where a profile picture is served. The bytes decide a file's type, never its name.
import { z } from "zod";

/** UPLOAD_MAX_BYTES's default (5 MiB): the page refuses a larger file before sending it. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** What a file is for: each purpose has its own re-encoding (server/modules/files/images.ts). */
export const filePurposes = ["avatar", "kycDocument", "kycSelfie"] as const;
export type FilePurpose = (typeof filePurposes)[number];

/** The image types an upload may be, told apart by their first bytes. */
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp"] as const;

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
