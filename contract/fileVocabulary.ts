// The plain values of uploads (contract/files.ts has the schemas): the pages that pick a file use
// these before any call, and a module with zod would bring it into every page's first render.

/** UPLOAD_MAX_BYTES's default (5 MiB): the page refuses a larger file before sending it. */
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** What a file is for: each purpose has its own re-encoding (server/modules/files/images.ts). */
export const filePurposes = ["avatar", "kycDocument", "kycSelfie"] as const;
export type FilePurpose = (typeof filePurposes)[number];

/** The image types an upload may be, told apart by their first bytes. */
export const acceptedImageTypes = ["image/jpeg", "image/png", "image/webp"] as const;
