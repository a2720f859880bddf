// The upload calls (/file/add, /user/uploadProfileImage) and the one page route serving profile
// pictures. A picture is served to anyone holding its address (an <img> sends no Bearer token):
// the address carries the file's random id (122 bits), and the bytes behind an id never change,
// so browsers and proxies may keep it for a year. Identity documents are never served here.
import { Hono } from "hono";
import { PICTURE_PATH_PREFIX } from "../../../contract/index.ts";
import { handlers } from "../../platform/http/api.ts";
import { refuse } from "../../platform/http/refuse.ts";
import type { AppEnv } from "../../platform/http/types.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import { loadProfile, swapUserPicture } from "../auth/index.ts";
import { ImageRejected, MAX_INPUT_PIXELS } from "./images.ts";
import type { Files } from "./service.ts";

export interface FileRouteDeps extends PlatformDeps {
  files: Files;
}

export function fileHandlers({ database, files, now }: FileRouteDeps) {
  const db = database.db;
  return handlers({
    addFile: {
      success: "success.fileAdded",
      handle: async (c, { file, purpose }) => {
        // Judged by the declared size before a byte is copied out of the form.
        if (file.size > files.maxBytes) throw refuse("addFile", "fileTooLarge", { maxBytes: files.maxBytes });
        // Counted before the costly part (decoding, re-encoding), whatever the bytes turn out to be.
        const wait = await files.admit(c.var.auth.user.id);
        if (wait > 0) throw refuse("addFile", "uploadsLimited", { retryAfter: Math.ceil(wait / 1000), perHour: files.uploadsPerHour });
        try {
          return await files.add(c.var.auth.user.id, new Uint8Array(await file.arrayBuffer()), purpose);
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          switch (error.problem) {
            case "fileTooLarge":
              throw refuse("addFile", "fileTooLarge", { maxBytes: files.maxBytes });
            case "imageTooLarge":
              throw refuse("addFile", "imageTooLarge", { maxPixels: MAX_INPUT_PIXELS });
            default:
              throw refuse("addFile", error.problem);
          }
        }
      },
    },
    uploadProfileImage: {
      success: "success.pictureChanged",
      handle: async (c, { fileId }) => {
        const userId = c.var.auth.user.id;
        // Only the user's own upload made for a picture: anyone else's is as absent as a missing one.
        if (fileId !== null && !(await files.owned(userId, fileId, "avatar"))) throw refuse("uploadProfileImage", "fileNotFound");
        const { user, removed } = await db.transaction(async (tx) => {
          const swapped = await swapUserPicture(tx, userId, fileId, now());
          // The picture replaced (or removed) is deleted, so its address stops answering.
          const removed = swapped.previous && swapped.previous !== fileId ? await files.deleteRow(tx, swapped.previous) : undefined;
          return { user: swapped.user, removed };
        });
        if (removed) await files.deleteBytes(removed);
        return loadProfile(db, user);
      },
    },
  });
}

const PICTURE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

/** GET /files/<id>.webp: a profile picture, immutable; anything else is a plain 404. */
export function pictureRoutes({ files }: { files: Files }) {
  const app = new Hono<AppEnv>();
  app.get(`${PICTURE_PATH_PREFIX}:name`, async (c) => {
    const id = PICTURE_NAME.exec(c.req.param("name"))?.[1];
    const found = id ? await files.publicPicture(id) : null;
    if (!found) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    const etag = `"${found.file.sha256}"`;
    const headers = {
      "Content-Type": found.file.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: etag,
      "Content-Disposition": "inline",
    };
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, headers);
    return c.body(found.bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, "Content-Length": String(found.bytes.byteLength) });
  });
  return app;
}
