// The document photos' bytes for a provider that takes them (Sumsub), read through the files
// service as their owner: another user's file, or a missing one, is no photo.
import type { PhotoSource } from "./sumsub.ts";

interface OwnedFiles {
  fileFor(ownerId: string, fileId: string): Promise<{ file: { contentType: string }; bytes: Uint8Array } | null>;
}

export function photosFrom(files: OwnedFiles): PhotoSource {
  return async (userId, fileId) => {
    const found = await files.fileFor(userId, fileId);
    return found ? { bytes: found.bytes, contentType: found.file.contentType } : null;
  };
}
