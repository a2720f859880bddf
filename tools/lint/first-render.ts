// What a page's first render evaluates: the modules reached from its roots through imports that
// load code at once (not `import type`, not `import()`, which loads later). tests/unit/first-render
// keeps heavy modules (zod and the route table's schemas, the API client) out of it: they cost a
// slow phone tens of kilobytes and a long task before the page answers a tap.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** The specifiers a module imports for its value (packages included), in source order. */
export function valueImports(text: string): string[] {
  const source = ts.createSourceFile("module.tsx", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      // `import { type A } from "x"` still names x (verbatimModuleSyntax keeps it): counted.
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      const named = statement.exportClause;
      if (named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((element) => element.isTypeOnly)) continue;
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

function resolveFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ""));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

/**
 * Every module and package `roots` (paths from `root`) evaluate at once, each with the chain of
 * files that brought it in (the first found), for naming the culprit.
 */
export function firstRenderModules(root: string, roots: readonly string[]): Map<string, string[]> {
  const reached = new Map<string, string[]>();
  const queue = roots.map((file) => ({ file: resolve(root, file), chain: [file] }));
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    const key = relative(root, file);
    if (reached.has(key)) continue;
    reached.set(key, chain);
    for (const specifier of valueImports(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) {
        if (!reached.has(specifier)) reached.set(specifier, [...chain, specifier]);
        continue;
      }
      const target = resolveFile(file, specifier);
      if (target) queue.push({ file: target, chain: [...chain, relative(root, target)] });
    }
  }
  return reached;
}
