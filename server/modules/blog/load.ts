// Loads the content files into the database at start, as one transaction: a file's row is
// written when new or changed (by slug and language), left alone when unchanged, and a row whose
// file is gone (or turned into a draft) is unpublished. Running it twice changes nothing.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/open.ts";
import type { Logger } from "../../platform/logging/logger.ts";
import { readContent } from "./content.ts";
import { contentEntries } from "./schema.ts";

export interface LoadReport {
  written: number;
  unchanged: number;
  unpublished: number;
  refused: number;
}

export async function loadContent({ db, logger, dir, now }: { db: Db; logger: Logger; dir: string; now: () => Date }): Promise<LoadReport> {
  const { found, files, refused } = await readContent(dir);
  for (const { file, problems } of refused) logger.error("content.refused", { file, problems });
  if (!found) {
    // A wrong CONTENT_DIR must not take every post down: what is loaded stays as it is.
    logger.warn("content.missing", { dir, hint: "no blog/ or partners/ folder: nothing loaded, nothing unpublished" });
    return { written: 0, unchanged: 0, unpublished: 0, refused: refused.length };
  }
  const key = (row: { kind: string; slug: string; language: string }) => `${row.kind}/${row.language}/${row.slug}`;
  const report = await db.transaction(async (tx) => {
    const existing = await tx
      .select({ kind: contentEntries.kind, slug: contentEntries.slug, language: contentEntries.language, sourceHash: contentEntries.sourceHash })
      .from(contentEntries);
    const hashes = new Map(existing.map((row) => [key(row), row.sourceHash]));
    const wanted = new Set(files.map(key));
    let written = 0;
    for (const file of files) {
      if (hashes.get(key(file)) === file.sourceHash) continue;
      const row = { ...file, updatedAt: now() };
      await tx
        .insert(contentEntries)
        .values(row)
        .onConflictDoUpdate({ target: [contentEntries.kind, contentEntries.slug, contentEntries.language], set: row });
      written += 1;
    }
    // Refused files keep their last good version: a typo does not take a post down.
    const refusedKeys = new Set(refused.map(({ file }) => file));
    let unpublished = 0;
    for (const row of existing) {
      const folder = row.kind === "post" ? "blog" : "partners";
      if (wanted.has(key(row)) || refusedKeys.has(`${folder}/${row.language}/${row.slug}.md`)) continue;
      const gone = await tx
        .update(contentEntries)
        .set({ published: false, updatedAt: now(), sourceHash: sql`'removed'` })
        .where(
          and(
            eq(contentEntries.kind, row.kind),
            eq(contentEntries.slug, row.slug),
            eq(contentEntries.language, row.language),
            eq(contentEntries.published, true),
          ),
        )
        .returning({ id: contentEntries.id });
      unpublished += gone.length;
    }
    return { written, unchanged: files.length - written, unpublished, refused: refused.length };
  });
  logger.info("content.loaded", { ...report });
  return report;
}
