import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { extname, join } from "node:path";
import { brotliCompress, constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import { COMPRESSIBLE } from "../../server/platform/http/encoding.ts";
import { SSR_DIR } from "./pages.ts";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Below this, the encoding header and framing cost about as much as they save.
const MIN_BYTES = 256;

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip level 9) beside every text file
 * under `dir`, dotted folders included (the per-page HTML) but the app built for Node (never
 * sent), source maps excluded (never sent to browsers). The server picks the best copy the browser accepts. Returns the files written.
 */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number; gzipBytes: number }> {
  const totals = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const found: { path: string; size: number }[] = [];
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== SSR_DIR) await walk(path);
      } else if (COMPRESSIBLE.has(extname(entry.name))) {
        const { size } = await stat(path);
        if (size >= MIN_BYTES) found.push({ path, size });
      }
    }
  };
  await walk(dir);
  const compress = async (path: string) => {
    const body = await readFile(path);
    const [br, gzBody] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzBody)]);
    totals.files += 1;
    totals.bytes += body.length;
    totals.brotliBytes += br.length;
    totals.gzipBytes += gzBody.length;
  };
  // Every core at work (zlib runs on libuv's pool of 4 threads): one file at a time left a core idle
  // while Brotli's highest quality worked through the larger chunks.
  // The largest first, so that no core is left with a big file at the end.
  const queue = found.sort((a, b) => b.size - a.size).map((file) => file.path);
  const workers = Math.max(2, availableParallelism());
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) await compress(path);
    }),
  );
  return totals;
}
