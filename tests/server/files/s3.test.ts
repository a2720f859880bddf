// The S3 adapter against a small S3-compatible server run in this process (path-style buckets,
// SigV4 Authorization checked for shape and access key): put, get, delete and the whole upload
// through the app with FILES_STORE=s3.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Store } from "../../../server/modules/files/index.ts";
import type { Database } from "../../../server/platform/db/open.ts";
import { bodyOf, seedSession, seedUser } from "../helpers/auth.ts";
import { appOverTestDatabase, type TestApp } from "../helpers/test-app.ts";
import { jpegWithGps } from "./images.ts";
import { rowCount, uploader } from "./upload.ts";

const KEY_ID = "AKIAFAKEFILES";
const SECRET = "fake-secret-key-for-tests";
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: { method: string; path: string; authorization: string; sha: string }[] = [];
let failPuts = false;

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const server: Server = createServer((request, response) => {
  void (async () => {
    const authorization = request.headers.authorization ?? "";
    const path = request.url ?? "";
    seen.push({ method: request.method ?? "", path, authorization, sha: String(request.headers["x-amz-content-sha256"] ?? "") });
    const signed = new RegExp(`^AWS4-HMAC-SHA256 Credential=${KEY_ID}/\\d{8}/eu-test-1/s3/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$`);
    if (!signed.test(authorization) || !request.headers["x-amz-date"]) {
      response.writeHead(403).end("<Error><Code>AccessDenied</Code></Error>");
      return;
    }
    if (!path.startsWith("/sarraf-files/")) {
      response.writeHead(404).end("<Error><Code>NoSuchBucket</Code></Error>");
      return;
    }
    const body = await read(request);
    if (request.method === "PUT") {
      const sha = String(request.headers["x-amz-content-sha256"]);
      if (sha !== createHash("sha256").update(body).digest("hex"))
        return void response.writeHead(400).end("<Error><Code>XAmzContentSHA256Mismatch</Code></Error>");
      if (failPuts) return void response.writeHead(503).end("<Error><Code>SlowDown</Code></Error>");
      objects.set(path, { body, type: String(request.headers["content-type"]) });
      return void response.writeHead(200, { ETag: '"x"' }).end();
    }
    if (request.method === "DELETE") {
      objects.delete(path);
      return void response.writeHead(204).end();
    }
    const object = objects.get(path);
    if (!object) return void response.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
    response.writeHead(200, { "Content-Type": object.type }).end(object.body);
  })();
});

let endpoint = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const store = () => s3Store({ endpoint, bucket: "sarraf-files", region: "eu-test-1", accessKeyId: KEY_ID, secretAccessKey: SECRET });
const KEY = "avatar/0b9e7f3a-8d0c-4e21-9f3b-5a6c7d8e9f01.webp";

describe("s3Store", () => {
  it("puts, gets and deletes an object, signing each request (SigV4, path-style)", async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    await store().put(KEY, bytes, "image/webp");
    expect(objects.get(`/sarraf-files/${KEY}`)).toMatchObject({ type: "image/webp" });
    expect(Array.from((await store().get(KEY)) ?? [])).toEqual([1, 2, 3, 4]);
    await store().delete(KEY);
    expect(await store().get(KEY)).toBeNull();
    await store().delete(KEY);
    expect(seen.at(-1)).toMatchObject({ method: "DELETE", path: `/sarraf-files/${KEY}` });
    // The payload's hash is signed, so the store can check the bytes.
    expect(seen.find((request) => request.method === "PUT")?.sha).toBe("9f64a747e1b97f131fabb6b447296c9b6f0201e79fb3c5356e6c77e89b6a806a");
  });

  it("says what failed when the store refuses, and never takes a key a user could shape", async () => {
    const wrong = s3Store({ endpoint, bucket: "sarraf-files", region: "eu-test-1", accessKeyId: "SOMEONE", secretAccessKey: SECRET });
    await expect(wrong.put(KEY, new Uint8Array([1]), "image/webp")).rejects.toThrow("S3 PUT answered 403");
    await expect(store().get("../../etc/passwd")).rejects.toThrow("malformed key");
  });
});

let database: Database;
let t: TestApp;
const clock = appOverTestDatabase((suite) => ({ database, t } = suite), {
  env: {
    get FILES_STORE() {
      return "s3";
    },
    get FILES_S3_ENDPOINT() {
      return endpoint;
    },
    FILES_S3_BUCKET: "sarraf-files",
    FILES_S3_REGION: "eu-test-1",
    FILES_S3_ACCESS_KEY_ID: KEY_ID,
    FILES_S3_SECRET_ACCESS_KEY: SECRET,
  },
});
const upload = uploader(() => t);

describe("the app with FILES_STORE=s3", () => {
  it("keeps an upload in the bucket and serves the picture from it; a failed put keeps no row", async () => {
    const user = await seedUser(database.db, { now: clock.now() });
    const token = await seedSession(database.db, user, clock.now());
    const res = await upload(token, await jpegWithGps());
    expect(res.status).toBe(200);
    const { data } = await bodyOf(res);
    expect(objects.has(`/sarraf-files/avatar/${String(data?.id)}.webp`)).toBe(true);
    const served = await t.app.request(String(data?.url));
    expect(served.status).toBe(200);
    expect((await served.arrayBuffer()).byteLength).toBe(data?.size);

    failPuts = true;
    try {
      const failed = await upload(token, await jpegWithGps());
      expect(failed.status).toBe(500);
    } finally {
      failPuts = false;
    }
    expect(await rowCount(database, user.id)).toBe(1);
  });
});
