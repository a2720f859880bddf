// The import boundaries are rules in eslint.config.js; this proves they still fire, so a
// plugin upgrade or a settings change cannot silently turn them off.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const scratch = (dir: string) => join(root, dir, `__lint_probe_${process.pid}`);
const dirs = [scratch("src/shared/lib"), scratch("machines"), scratch("src/features/auth/pages"), scratch("server/modules/account"), scratch("contract")];

function write(dir: string, name: string, text: string) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function ruleIds(files: string[]) {
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(root.length + 1)}:${m.ruleId}`));
}

// ESLint loads its whole configuration on the first call: seconds on a quiet machine, more than
// Vitest's 5 s default on one loaded ten times over. A bound for a hang.
describe("lint import boundaries", { timeout: 120_000 }, () => {
  beforeAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("keeps machines free of the app", async () => {
    const m = write(dirs[1]!, "m.ts", 'import { formatMoney } from "../../src/shared/lib/money";\nexport const f = formatMoney;\n');
    expect(await ruleIds([m])).toContainEqual(expect.stringMatching(/:import-x\/no-restricted-paths$/));
  });

  it("keeps views away from the API client", async () => {
    const v = write(dirs[2]!, "v.ts", 'import * as api from "../../../../shared/api/client";\nexport const c = api;\n');
    const ids = await ruleIds([v]);
    expect(ids.some((id) => /:(import-x\/no-restricted-paths|no-restricted-imports)$/.test(id))).toBe(true);
  });

  it("lets a feature reach another only through its index.ts", async () => {
    const inside = write(dirs[2]!, "inside.ts", 'import Profile from "../../../account/pages/ProfilePage.tsx";\nexport const p = Profile;\n');
    const viaIndex = write(
      dirs[2]!,
      "index-ok.ts",
      'import { NotificationsCard } from "../../../notifications/index.ts";\nexport const n = NotificationsCard;\n',
    );
    expect(await ruleIds([inside])).toContainEqual(expect.stringMatching(/:import-x\/no-restricted-paths$/));
    expect(await ruleIds([viaIndex])).toEqual([]);
  });

  it("lets a server module reach another only through its index.ts", async () => {
    const inside = write(dirs[3]!, "inside.ts", 'import { requireAuth } from "../../auth/require-auth.ts";\nexport const r = requireAuth;\n');
    const viaIndex = write(dirs[3]!, "index-ok.ts", 'import { requireAuth } from "../../auth/index.ts";\nexport const r = requireAuth;\n');
    expect(await ruleIds([inside])).toContainEqual(expect.stringMatching(/:import-x\/no-restricted-paths$/));
    expect(await ruleIds([viaIndex])).toEqual([]);
  });

  it("keeps the contract free of the app, the server and machines", async () => {
    const c = write(dirs[4]!, "c.ts", 'import { authMachine } from "../../machines/auth/auth.machine.ts";\nexport const m = authMachine;\n');
    expect(await ruleIds([c])).toContainEqual(expect.stringMatching(/:import-x\/no-restricted-paths$/));
  });

  it("passes a clean module", async () => {
    const ok = write(dirs[0]!, "ok.ts", "export const one = 1;\n");
    expect(await ruleIds([ok])).toEqual([]);
  });
});
