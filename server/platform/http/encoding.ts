import { readFile, stat } from "node:fs/promises";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { createMiddleware } from "hono/factory";
import { setAnswerHeader } from "./answer-headers.ts";

/** Text formats worth compressing (the build stores .br and .gz copies); images and fonts are compressed already. */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".webmanifest", ".xml"]);

/** The encodings the build writes beside each text file, best first, with their file suffix. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;
export type ContentEncoding = (typeof ENCODINGS)[number]["name"] | "identity";

/**
 * The encodings an Accept-Encoding header allows, in the server's order of preference (Brotli,
 * then gzip); `q=0` refuses one, `*` stands for any not named. Identity is always acceptable.
 */
export function acceptedEncodings(header: string | null | undefined): ContentEncoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [token = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (token) weights.set(token.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get("*") ?? 0;
  return ENCODINGS.filter(({ name }) => weightOf(name) > 0)
    .sort((a, b) => weightOf(b.name) - weightOf(a.name))
    .map(({ name }) => name);
}

export interface Representation {
  body: Buffer<ArrayBuffer>;
  encoding: ContentEncoding;
}

/**
 * The best stored copy of a file for a request: `<file>.br` or `<file>.gz` when the build wrote
 * one and the browser accepts it, else the file itself.
 */
export async function bestRepresentation(file: string, acceptEncoding: string | null | undefined): Promise<Representation> {
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const suffix = ENCODINGS.find((e) => e.name === encoding)!.suffix;
    const info = await stat(file + suffix).catch(() => null);
    if (info?.isFile()) return { body: await readFile(file + suffix), encoding };
  }
  return { body: await readFile(file), encoding: "identity" };
}

/** The headers that go with a representation; every answer that could vary says so, for caches. */
export function encodingHeaders(representation: Representation, compressible: boolean): Record<string, string> {
  return {
    ...(representation.encoding === "identity" ? {} : { "Content-Encoding": representation.encoding }),
    ...(compressible ? { Vary: "Accept-Encoding" } : {}),
  };
}

// API answers are small and made per request: a fast Brotli level, and nothing under 1 KB, where
// the framing costs about what compression saves.
const DYNAMIC_MIN_BYTES = 1024;
const dynamicCompressors: Record<Exclude<ContentEncoding, "identity">, (body: Uint8Array) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/** Compresses JSON answers of 1 KB or more in the best encoding the client accepts (Brotli, else gzip). */
export const compressJson = createMiddleware(async (c, next) => {
  await next();
  if (c.req.method === "HEAD" || c.res.headers.has("Content-Encoding") || !/^application\/json\b/.test(c.res.headers.get("Content-Type") ?? "")) return;
  const vary = c.res.headers.get("Vary");
  if (!vary || !/\baccept-encoding\b/i.test(vary)) setAnswerHeader(c, "Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const [encoding] = acceptedEncodings(c.req.header("Accept-Encoding"));
  if (!encoding || encoding === "identity") return;
  const body = new Uint8Array(await c.res.clone().arrayBuffer());
  if (body.length < DYNAMIC_MIN_BYTES) return;
  // Hono copies the old answer's headers onto a new one: the length must go after that.
  c.res = new Response(new Uint8Array(dynamicCompressors[encoding](body)), c.res);
  c.res.headers.delete("Content-Length");
  c.res.headers.set("Content-Encoding", encoding);
});

/** A text made per request (a page with its user's data) in the best encoding the client accepts. */
export function compressText(body: Buffer<ArrayBuffer>, acceptEncoding: string | null | undefined): Representation {
  const [encoding] = acceptedEncodings(acceptEncoding);
  if (!encoding || encoding === "identity" || body.length < DYNAMIC_MIN_BYTES) return { body, encoding: "identity" };
  return { body: dynamicCompressors[encoding](body) as Buffer<ArrayBuffer>, encoding };
}
