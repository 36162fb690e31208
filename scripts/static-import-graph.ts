// Walks a TypeScript module's static value imports (what a bundler puts in the same chunk), to check that a chunk stays
// free of a package: dynamic import() is skipped (it loads on demand, in a chunk of its own), and so are type-only
// imports (erased by the compiler).
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveRelative(fromFile: string, specifier: string): string {
  for (const extension of EXTENSIONS) {
    const candidate = resolve(dirname(fromFile), specifier + extension);
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  throw new Error(`Cannot resolve ${specifier} from ${fromFile}`);
}

/** True when the declaration brings a value in (or runs the module for its effects), so a bundler keeps it. */
function importsValue(declaration: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(declaration)) {
    if (declaration.isTypeOnly) return false;
    const clause = declaration.exportClause;
    return !clause || !ts.isNamedExports(clause) || clause.elements.some((element) => !element.isTypeOnly);
  }
  const clause = declaration.importClause;
  if (!clause) return true;
  if (clause.isTypeOnly) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings) return false;
  return ts.isNamespaceImport(bindings) || bindings.elements.some((element) => !element.isTypeOnly);
}

/** The specifiers a file imports values from, statically. */
function staticValueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      if (importsValue(statement)) specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/**
 * The chain of files (relative to `root`) through which `entry` statically imports a package or a file that
 * `isForbidden` matches, or null when none does. It is asked about each package by its specifier (the chain then ends
 * with it) and about each file by its path relative to `root`. Breadth first, so the chain shown is a shortest one.
 */
export function staticImportChain(root: string, entry: string, isForbidden: (specifierOrPath: string) => boolean): string[] | null {
  const start = join(root, entry);
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const pending = [start];
  const chainTo = (file: string): string[] => {
    const chain: string[] = [];
    for (let at: string | null = file; at; at = cameFrom.get(at) ?? null) chain.unshift(relative(root, at));
    return chain;
  };
  while (pending.length > 0) {
    const file = pending.shift()!;
    for (const specifier of staticValueImports(file)) {
      if (!specifier.startsWith(".")) {
        if (isForbidden(specifier)) return [...chainTo(file), specifier];
        continue;
      }
      // Vite's asset suffixes (?url, ?worker) name files, not modules; style sheets carry no code.
      if (specifier.includes("?") || specifier.endsWith(".css")) continue;
      const next = resolveRelative(file, specifier);
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        if (isForbidden(relative(root, next))) return chainTo(next);
        pending.push(next);
      }
    }
  }
  return null;
}
