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
  /** A small SVG as a data: address, so a page paints it with its text instead of a round trip later (LCP on a slow phone). */
  inline: string | null;
}

/** SVGs up to this size go inline in the pages; larger pictures are fetched from their address. */
export const INLINE_MAX_BYTES = 4096;

export interface Media {
  /** The address of content/media/<fileName>, or null when there is no such picture. */
  urlOf(fileName: string): string | null;
  /** What a page shows for the picture: its data: address when small, else its address; null when there is none. */
  srcOf(fileName: string): string | null;
  /** The picture an address names (its exact hash), or null. */
  byUrl(url: string): MediaFile | null;
}

export async function mediaOf(dir: string): Promise<Media> {
  const folder = join(dir, "media");
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => TYPES[extname(name).toLowerCase()]);
  const byName = new Map<string, MediaFile>();
  for (const name of names) {
    const path = join(folder, name);
    const bytes = await readFile(path);
    const hash = createHash("sha256").update(bytes).digest("hex");
    const ext = extname(name).toLowerCase();
    const url = `${MEDIA_PATH_PREFIX}${name.slice(0, -ext.length)}.${hash.slice(0, 12)}${ext}`;
    const inline = ext === ".svg" && bytes.byteLength <= INLINE_MAX_BYTES ? `data:image/svg+xml,${encodeURIComponent(bytes.toString("utf8"))}` : null;
    byName.set(name, { url, path, contentType: TYPES[ext]!, etag: `"${hash}"`, inline });
  }
  const byAddress = new Map([...byName.values()].map((file) => [file.url, file]));
  return {
    urlOf: (fileName) => byName.get(fileName)?.url ?? null,
    srcOf: (fileName) => {
      const file = byName.get(fileName);
      return file ? (file.inline ?? file.url) : null;
    },
    byUrl: (url) => byAddress.get(url) ?? null,
  };
}
