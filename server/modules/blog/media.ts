// The content's pictures (content/media: covers and partner logos), served under an address that
// carries a hash of their bytes, so browsers and proxies may keep them for a year: a changed
// picture gets a new address, which the loader writes into its posts' rows.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";

export const MEDIA_PATH_PREFIX = "/media/content/";

const TYPES: Record<string, string> = { ".svg": "image/svg+xml", ".webp": "image/webp" };

export interface MediaFile {
  /** Its address: /media/content/<name>.<hash>.<ext>. */
  url: string;
  path: string;
  contentType: string;
  etag: string;
}

export interface Media {
  /** The address of content/media/<fileName>, or null when there is no such picture. */
  urlOf(fileName: string): string | null;
  /** The picture an address names (its exact hash), or null. */
  byUrl(url: string): MediaFile | null;
}

export async function mediaOf(dir: string): Promise<Media> {
  const folder = join(dir, "media");
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => TYPES[extname(name).toLowerCase()]);
  const byName = new Map<string, MediaFile>();
  for (const name of names) {
    const path = join(folder, name);
    const hash = createHash("sha256")
      .update(await readFile(path))
      .digest("hex");
    const ext = extname(name).toLowerCase();
    const url = `${MEDIA_PATH_PREFIX}${name.slice(0, -ext.length)}.${hash.slice(0, 12)}${ext}`;
    byName.set(name, { url, path, contentType: TYPES[ext]!, etag: `"${hash}"` });
  }
  const byAddress = new Map([...byName.values()].map((file) => [file.url, file]));
  return {
    urlOf: (fileName) => byName.get(fileName)?.url ?? null,
    byUrl: (url) => byAddress.get(url) ?? null,
  };
}
