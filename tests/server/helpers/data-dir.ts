import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

/**
 * A new PGlite data folder (`prefix` in the system's temporary folder) with every migration applied:
 * a copy of the run's migrated one (global-setup.ts), for a test of a server process or of a
 * folder's lock. Migrating a fresh folder costs about 5 s of CPU; the copy, a fraction of one.
 * Empty when the run made none (on PostgreSQL, or a file run outside the server project): the
 * server then migrates it itself.
 */
export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const template = inject("pgliteTemplateDir");
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
