/**
 * Builds the published package into lib/: the core, providers and formats entry points
 * and the whole command line (every file under src/cli and what it imports),
 * as ES modules with .d.ts types, from tsconfig.package.json.
 *
 * The sources import each other without extensions, which bundlers and tsx
 * accept and Node's ES module loader does not; every relative import is
 * written out with its `.js` file here, in the JavaScript and in the types,
 * so the package runs on plain Node with nothing to transpile at start-up.
 *
 *   npx tsx scripts/build-package.ts      (npm pack runs it as `prepack`)
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
export const OUT_DIR = join(ROOT, 'lib');

/** `./x` → `./x.js`, `./dir` → `./dir/index.js`; a bare or already explicit specifier is left alone. */
export function explicitSpecifier(specifier: string, fromFile: string): string {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return specifier;
  if (/\.(m?js|json)$/.test(specifier)) return specifier;
  const target = resolve(dirname(fromFile), specifier);
  if (existsSync(`${target}.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.ts'))) return `${specifier}/index.js`;
  throw new Error(`${fromFile}: cannot resolve the import '${specifier}' to a .ts file`);
}

function rewriteSpecifiers(context: ts.TransformationContext, sourcePath: string) {
  const { factory } = context;
  const literal = (node: ts.Expression | undefined) =>
    node && ts.isStringLiteral(node)
      ? factory.createStringLiteral(explicitSpecifier(node.text, sourcePath))
      : node;
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isImportDeclaration(node)) {
      return factory.updateImportDeclaration(
        node,
        node.modifiers,
        node.importClause,
        literal(node.moduleSpecifier)!,
        node.attributes,
      );
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      return factory.updateExportDeclaration(
        node,
        node.modifiers,
        node.isTypeOnly,
        node.exportClause,
        literal(node.moduleSpecifier),
        node.attributes,
      );
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [first, ...rest] = node.arguments;
      return factory.updateCallExpression(node, node.expression, node.typeArguments, [
        literal(first)!,
        ...rest,
      ]);
    }
    // Types refer to other files as `import("./x").Name`.
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const argument = factory.createLiteralTypeNode(
        literal(node.argument.literal as ts.StringLiteral) as ts.StringLiteral,
      );
      return factory.updateImportTypeNode(
        node,
        argument,
        node.attributes,
        node.qualifier,
        ts.visitNodes(node.typeArguments, visit, ts.isTypeNode),
        node.isTypeOf,
      );
    }
    return ts.visitEachChild(node, visit, context);
  };
  return visit;
}

/** The transformer for JavaScript (`before`) and for declarations (`afterDeclarations`). */
function explicitImports<T extends ts.SourceFile | ts.Bundle>(context: ts.TransformationContext) {
  return (node: T): T => {
    if (!ts.isSourceFile(node)) return node;
    return ts.visitEachChild(node, rewriteSpecifiers(context, node.fileName), context) as T;
  };
}

function formatDiagnostics(diagnostics: readonly ts.Diagnostic[]): string {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => '\n',
  });
}

/** Builds lib/ afresh and returns the files written. */
export function buildPackage(): string[] {
  const configPath = join(ROOT, 'tsconfig.package.json');
  const read = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  if (read.error) throw new Error(formatDiagnostics([read.error]));
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, configPath);
  if (config.errors.length) throw new Error(formatDiagnostics(config.errors));

  rmSync(OUT_DIR, { recursive: true, force: true });
  const written = new Set<string>();
  // Types for the three entry points and what they reach; the command line is
  // run, not imported, so its files are emitted as JavaScript only.
  const entries = config.fileNames.filter((f) => !f.includes('/src/cli/'));
  emit(entries, { ...config.options, declaration: true }, written);
  emit(config.fileNames, { ...config.options, declaration: false }, written);
  return [...written].sort();
}

function emit(rootNames: readonly string[], options: ts.CompilerOptions, written: Set<string>): void {
  const program = ts.createProgram({ rootNames, options });
  const result = program.emit(
    undefined,
    (fileName, text) => {
      ts.sys.writeFile(fileName, text);
      written.add(fileName);
    },
    undefined,
    false,
    { before: [explicitImports], afterDeclarations: [explicitImports] },
  );
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length) throw new Error(formatDiagnostics(diagnostics));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const written = buildPackage();
  // On stderr: `npm pack --json` prints its JSON on stdout after this script runs.
  console.error(`Built ${written.length} files into ${OUT_DIR}`);
}
