import { cpSync } from "node:fs";
import { inject } from "vitest";
import { testTempDir } from "./temp-dir.ts";

/**
 * A new PGlite data folder (`prefix`, in the run's temporary folder: temp-dir.ts) with every migration applied:
 * a copy of the run's migrated one (global-setup.ts), for a test of a server process or of a
 * folder's lock. Migrating a fresh folder costs about 5 s of CPU; the copy, a fraction of one.
 * Empty when the run made none (on PostgreSQL, or a file run outside the server project): the
 * server then migrates it itself.
 */
export function migratedDataDir(prefix: string): string {
  const dir = testTempDir(prefix);
  const template = inject("pgliteTemplateDir");
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
