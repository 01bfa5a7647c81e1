import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Fails on any import circle among the repository's own modules (docs/decisions/070-web-client-by-feature.md):
 * every relative import of every non-test .ts/.tsx file, type-only and dynamic ones included, is an
 * arrow; a strongly connected component of more than one file, or a file importing itself, is a circle.
 */

const SOURCE_FOLDERS = ['server', 'common', 'web', 'scripts', 'e2e'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'data']);
const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function sourceFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** The relative import specifiers of a module's text: imports, re-exports, `import type` and `import()`. */
export function relativeImports(text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map((imported) => imported.fileName).filter((name) => name.startsWith('.'));
}

/** Who imports whom among `files` (absolute paths), read from each file's text. */
export function importGraph(files: readonly string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const targets = relativeImports(read(file)).map((specifier) => path.resolve(path.dirname(file), specifier));
      return [file, [...new Set(targets.filter((target) => known.has(target)))]];
    }),
  );
}

/** The circles of a graph: its strongly connected components of two or more files, and files that import themselves (Tarjan). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;

  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) circles.push(component.sort());
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

function main(): void {
  const root = process.cwd();
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder)));
  const circles = importCircles(importGraph(files, (file) => fs.readFileSync(file, 'utf8')));
  for (const circle of circles) console.error(`Import circle: ${circle.map((file) => path.relative(root, file)).join(', ')}`);
  if (circles.length > 0) process.exit(1);
  console.log(`No import circles among ${files.length} modules.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
