// The files service: takes an upload for a purpose, keeps it as its owner's, and hands it back only
// to that owner (or, for a profile picture, to anyone holding its unguessable address). Other
// modules (KYC's document photos) use it through createFiles; none reads the table itself.
import { createHash, randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { pictureUrl, type FilePurpose, type StoredFile } from "../../../contract/index.ts";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { acceptImage } from "./images.ts";
import type { FileStore } from "./store.ts";
import { admitUpload } from "./uploads.ts";
import { files, type FileRow } from "./schema.ts";

export interface FilesDeps {
  db: Db;
  store: FileStore;
  logger: Logger;
  now: () => Date;
  /** UPLOAD_MAX_BYTES. */
  maxBytes: number;
  /** UPLOADS_PER_HOUR: how many uploads one user may send in any hour. */
  uploadsPerHour: number;
}

export interface FileWithBytes {
  file: StoredFile;
  bytes: Uint8Array;
}

export interface Files {
  maxBytes: number;
  uploadsPerHour: number;
  /** Counts one upload of the user's against UPLOADS_PER_HOUR; answers 0, or how many ms until one more is taken (nothing counted). */
  admit(ownerId: string): Promise<number>;
  /** Checks, re-encodes and keeps one image as the user's; throws ImageRejected (nothing kept) when it is not one. */
  add(ownerId: string, bytes: Uint8Array, purpose: FilePurpose): Promise<StoredFile>;
  /** The user's own file of that id (of that purpose, when given), or null: another user's file is as absent as a missing one. */
  owned(ownerId: string, fileId: string, purpose?: FilePurpose): Promise<StoredFile | null>;
  /** The same with its bytes, checked against the stored SHA-256. */
  fileFor(ownerId: string, fileId: string): Promise<FileWithBytes | null>;
  /** A profile picture's bytes by its id alone (its address is the capability); null for any other file. */
  publicPicture(fileId: string): Promise<FileWithBytes | null>;
  /** Forgets a file: its row in the caller's transaction (or at once), its bytes after (see deleteBytes). */
  deleteRow(tx: Db, fileId: string): Promise<FileRow | undefined>;
  deleteBytes(row: FileRow): Promise<void>;
  /** Deletes pictures uploaded before `before` that never became (or stopped being) anyone's picture; answers how many. */
  pruneUnusedPictures(before: Date): Promise<number>;
}

/** How long an uploaded picture may wait to be set before it is deleted. */
export const UNUSED_PICTURE_MS = 24 * 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sha256Hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function storedFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    purpose: row.purpose,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    url: row.purpose === "avatar" ? pictureUrl(row.id) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createFiles({ db, store, logger, now, maxBytes, uploadsPerHour }: FilesDeps): Files {
  const readBytes = async (row: FileRow): Promise<FileWithBytes | null> => {
    const bytes = await store.get(row.storageKey);
    if (!bytes) return null;
    if (sha256Hex(bytes) !== row.sha256) {
      logger.error("files: stored bytes do not match their hash", { fileId: row.id });
      return null;
    }
    return { file: storedFile(row), bytes };
  };
  const deleteBytes = async (row: FileRow) => {
    try {
      await store.delete(row.storageKey);
    } catch (error) {
      logger.warn("files: could not delete stored bytes", { fileId: row.id, error: error instanceof Error ? error.message : String(error) });
    }
  };
  const rowOf = async (fileId: string) => (UUID.test(fileId) ? (await db.select().from(files).where(eq(files.id, fileId)))[0] : undefined);

  return {
    maxBytes,
    uploadsPerHour,
    admit: (ownerId) => admitUpload(db, ownerId, now(), uploadsPerHour),
    async add(ownerId, bytes, purpose) {
      // Every check and the re-encoding first: a refusal has stored nothing.
      const image = await acceptImage(bytes, { purpose, maxBytes });
      const id = randomUUID();
      const storageKey = `${purpose.toLowerCase()}/${id}.webp`;
      await store.put(storageKey, image.bytes, image.contentType);
      try {
        const [row] = await db
          .insert(files)
          .values({
            id,
            ownerId,
            purpose,
            contentType: image.contentType,
            size: image.bytes.byteLength,
            width: image.width,
            height: image.height,
            sha256: sha256Hex(image.bytes),
            storageKey,
            createdAt: now(),
          })
          .returning();
        if (!row) throw new Error("insert of files returned no row");
        return storedFile(row);
      } catch (error) {
        // No row, so no file: the bytes go too.
        await store.delete(storageKey).catch(() => undefined);
        throw error;
      }
    },
    async owned(ownerId, fileId, purpose) {
      const row = await rowOf(fileId);
      if (!row || row.ownerId !== ownerId || (purpose && row.purpose !== purpose)) return null;
      return storedFile(row);
    },
    async fileFor(ownerId, fileId) {
      const row = await rowOf(fileId);
      return row && row.ownerId === ownerId ? readBytes(row) : null;
    },
    async publicPicture(fileId) {
      const row = await rowOf(fileId);
      return row && row.purpose === "avatar" ? readBytes(row) : null;
    },
    async deleteRow(tx, fileId) {
      const [row] = await tx
        .delete(files)
        .where(and(eq(files.id, fileId)))
        .returning();
      return row;
    },
    async pruneUnusedPictures(before) {
      // users.picture_file_id is the one reference to a picture (auth's column, read here only by
      // this statement); a day's wait means no upload being set right now is in the way.
      const rows = await db
        .delete(files)
        .where(and(eq(files.purpose, "avatar"), lt(files.createdAt, before), sql`NOT EXISTS (SELECT 1 FROM users WHERE users.picture_file_id = ${files.id})`))
        .returning();
      for (const row of rows) await deleteBytes(row);
      return rows.length;
    },
    deleteBytes,
  };
}
