import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";

/**
 * A new folder (`prefix` and a random tail) inside the run's temporary folder, which global-setup.ts
 * removes when the run ends: a file's data folders, uploads and content never outlive the run, even
 * when the file fails half-way. Outside the server project (no run folder), in the system's one.
 */
export function testTempDir(prefix: string): string {
  return mkdtempSync(join(inject("testTempRoot") || tmpdir(), prefix));
}
