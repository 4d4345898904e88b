/**
 * Two import rules that a lint rule on one file cannot see, checked on the whole graph of `src`:
 * no import cycles (a two-file cycle is a type sitting in the wrong file: move it to a file both
 * import), and no ui feature folder importing another's files (what two features share lives in
 * `src/app`, `src/state` or a shared ui folder). Product code only: tests may import across.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Cycles that exist today and are being taken apart by changes under way. Each is named so that
 * it cannot grow, and the test below fails once it is gone, so that the list is emptied.
 */
const KNOWN_CYCLES: string[][] = [];

/** Folders of src/ui that every feature may draw with: they import no feature. */
const SHARED_UI_FOLDERS = ['text'];

type Graph = Map<string, Set<string>>;

const ROOT = join(__dirname, '..');

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|node)\.tsx?$/.test(entry.name) &&
      !entry.name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

/** Every relative import and re-export of each product file under src, static or dynamic, resolved to a file. */
function importGraph(): Graph {
  const files = sourceFiles('src');
  const known = new Set(files);
  const resolve = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const base = relative(ROOT, join(ROOT, dirname(from), specifier.replace(/\?.*$/, ''))).replaceAll(
      '\\',
      '/',
    );
    const stem = base.replace(/\.js$/, '');
    return [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`].find((f) =>
      known.has(f),
    );
  };
  const graph: Graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolve(file, i.fileName)).filter((f) => f !== undefined);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** The graph's cycles: each strongly connected set of files, as one path around it (`a → b → a`). */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.has(file)) found.push(pathAround(graph, component.sort()));
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** A shortest path from the component's first file back to itself, through the component. */
function pathAround(graph: Graph, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const next of graph.get(file) ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const between: string[] = [];
        for (let at = file; at !== start; at = cameFrom.get(at)!) between.unshift(at);
        return [start, ...between, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return component;
}

/** `src/ui/<feature>/…` importing `src/ui/<other feature>/…`, as `from → to`. */
function crossFeatureImports(graph: Graph): string[] {
  const feature = (file: string) => /^src\/ui\/([^/]+)\//.exec(file)?.[1];
  const found: string[] = [];
  for (const [from, targets] of graph) {
    const own = feature(from);
    if (!own) continue;
    for (const to of targets) {
      const other = feature(to);
      if (other && other !== own && !SHARED_UI_FOLDERS.includes(other)) found.push(`${from} → ${to}`);
    }
  }
  return found.sort();
}

/**
 * The graph of `src/core` with each of its folders drawn as one node (`src/core/harness/`): a
 * cycle here is a folder that a file below it imports and that imports that file in turn, by
 * different files, which no file-level cycle shows. The presets' folder once imported the
 * settings and `prepare.ts`, which import the presets: the core had no floors.
 */
function coreFolderGraph(graph: Graph): Graph {
  const node = (file: string) => /^src\/core\/[^/]+\//.exec(file)?.[0] ?? file;
  const folders: Graph = new Map();
  for (const [from, targets] of graph) {
    if (!from.startsWith('src/core/')) continue;
    const edges = folders.get(node(from)) ?? new Set<string>();
    for (const to of targets) if (to.startsWith('src/core/') && node(to) !== node(from)) edges.add(node(to));
    folders.set(node(from), edges);
  }
  return folders;
}

const sameFiles = (a: string[], b: string[]) => [...new Set(a)].sort().join() === [...b].sort().join();

describe('the import graph of src', () => {
  const graph = importGraph();
  const found = cycles(graph);

  it('has no import cycle but the known ones', () => {
    const unknown = found.filter((cycle) => !KNOWN_CYCLES.some((known) => sameFiles(cycle, known)));
    expect(unknown.map((cycle) => `import cycle: ${cycle.join(' → ')}`)).toEqual([]);
  });

  it('still has each known cycle: one that is gone is taken off the list in src/importGraph.test.ts', () => {
    const gone = KNOWN_CYCLES.filter((known) => !found.some((cycle) => sameFiles(cycle, known)));
    expect(gone.map((pair) => `no longer a cycle, remove from KNOWN_CYCLES: ${pair.join(' ↔ ')}`)).toEqual(
      [],
    );
  });

  it('has the folders of src/core on floors: no folder both imported by and importing another core file', () => {
    expect(cycles(coreFolderGraph(graph)).map((cycle) => `folder cycle: ${cycle.join(' → ')}`)).toEqual([]);
  });

  it('has no ui feature importing another feature', () => {
    expect(crossFeatureImports(graph)).toEqual([]);
  });

  it('sees the start-up and the link opening in src/app, imported by the ui', () => {
    expect(graph.get('src/ui/App.tsx')).toContain('src/app/startup.ts');
    expect(graph.get('src/app/useLoader.ts')).toContain('src/app/openLink.ts');
  });
});

describe('the graph rules themselves', () => {
  const graph: Graph = new Map([
    ['src/a.ts', new Set(['src/b.ts'])],
    ['src/b.ts', new Set(['src/c.ts'])],
    ['src/c.ts', new Set(['src/a.ts', 'src/d.ts'])],
    ['src/d.ts', new Set<string>()],
    ['src/e.ts', new Set(['src/e.ts'])],
    [
      'src/ui/load/Panel.tsx',
      new Set(['src/ui/share/Dialog.tsx', 'src/ui/text/VisibleText.tsx', 'src/ui/App.tsx']),
    ],
    ['src/ui/share/Dialog.tsx', new Set<string>()],
  ]);

  it('find a cycle through three files as one path around it, and a file that imports itself', () => {
    expect(cycles(graph)).toEqual([
      ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/a.ts'],
      ['src/e.ts', 'src/e.ts'],
    ]);
  });

  it('draw each folder of the core as one node, so a loop through two of its files is a cycle', () => {
    const core: Graph = new Map([
      ['src/core/settings.ts', new Set(['src/core/harness/registry.ts'])],
      ['src/core/harness/registry.ts', new Set(['src/core/harness/preset.ts'])],
      ['src/core/harness/outcome.ts', new Set(['src/core/settings.ts', 'src/core/harness/preset.ts'])],
      ['src/core/harness/preset.ts', new Set(['src/core/message.ts'])],
      ['src/core/message.ts', new Set<string>()],
    ]);
    expect(cycles(core)).toEqual([]);
    expect(cycles(coreFolderGraph(core))).toEqual([
      ['src/core/harness/', 'src/core/settings.ts', 'src/core/harness/'],
    ]);
  });

  it('refuse a feature importing another, not the shared text folder or the ui root', () => {
    expect(crossFeatureImports(graph)).toEqual(['src/ui/load/Panel.tsx → src/ui/share/Dialog.tsx']);
  });
});
