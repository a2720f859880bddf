// Where stored files' bytes live, behind one port: a folder under the data directory by default,
// or any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2 …) by configuration.
// Keys are made by the files module (`<purpose>/<uuid>.webp`), never from anything a user sent.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";

export interface FileStore {
  kind: "disk" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; removing nothing is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z]+\/[0-9a-f-]{36}\.webp$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error("file store: malformed key");
  return key;
}

/** A folder: each file written whole to a temporary name, then renamed, so a reader never sees half of one. */
export function diskStore(root: string): FileStore {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    kind: "disk",
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600 });
      await rename(temporary, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathOf(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3Settings {
  /** The service's address, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible bucket, addressed path-style (endpoint/bucket/key), which every compatible
 * store answers. Requests are signed with AWS Signature V4 by aws4fetch (one small file, no
 * dependencies, over the platform's fetch), so no SDK is loaded for three calls.
 */
export function s3Store(settings: S3Settings, fetcher: typeof fetch = fetch): FileStore {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, region: settings.region, service: "s3" });
  const base = `${settings.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(settings.bucket)}/`;
  const send = async (method: string, key: string, init: { body?: Uint8Array; headers?: Record<string, string> } = {}) => {
    const request = await client.sign(base + checkKey(key), { method, body: init.body as Uint8Array<ArrayBuffer> | undefined, headers: init.headers });
    return fetcher(request);
  };
  const fail = async (what: string, response: Response) => {
    await response.body?.cancel();
    return new Error(`file store: S3 ${what} answered ${response.status}`);
  };
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      // The payload's hash is signed, so the store refuses bytes changed on the way.
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const headers = { "Content-Type": contentType, "Content-Length": String(bytes.byteLength), "X-Amz-Content-Sha256": sha256 };
      const response = await send("PUT", key, { body: bytes, headers });
      if (!response.ok) throw await fail("PUT", response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await fail("GET", response);
      return new Uint8Array(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) throw await fail("DELETE", response);
      await response.body?.cancel();
    },
  };
}
