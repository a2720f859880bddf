// Sends /file/add as the SPA does (multipart/form-data) and looks at what was kept: rows and files.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import type { Database } from "../../../server/platform/db/open.ts";
import { files } from "../../../server/modules/files/schema.ts";
import type { TestApp } from "../helpers/test-app.ts";

export interface UploadOptions {
  name?: string;
  type?: string;
  purpose?: string;
  lang?: string;
}

export function uploader(app: () => TestApp) {
  return (token: string | undefined, bytes: Uint8Array, { name = "photo.jpg", type = "image/jpeg", purpose, lang }: UploadOptions = {}) => {
    const form = new FormData();
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    if (purpose) form.set("purpose", purpose);
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lang) headers["Accept-Language"] = lang;
    return app().app.request("/api/v1/file/add", { method: "POST", body: form, headers });
  };
}

/** Every file the disk store holds, as purpose/name. */
export async function storedNames(dataDir: string): Promise<string[]> {
  const root = join(dataDir, "files");
  const names = (await readdir(root, { recursive: true }).catch(() => [])) as string[];
  return names.filter((name) => name.endsWith(".webp") || name.endsWith(".tmp")).sort();
}

export async function rowCount(database: Database, ownerId?: string): Promise<number> {
  const query = database.db.select({ n: count() }).from(files);
  const [row] = await (ownerId ? query.where(eq(files.ownerId, ownerId)) : query);
  return Number(row?.n ?? 0);
}
