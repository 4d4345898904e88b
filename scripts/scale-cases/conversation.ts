/**
 * A coding session as a list of turns, independent of any agent's file
 * format: the user asks, the agent reads files, greps, runs the tests and
 * edits, then answers. The filler is seeded and made of one project's
 * vocabulary (its modules, functions and test names), so a session reads like
 * work on one code base; the planted facts are added by the scenario.
 */
import { rng } from '../../testing/rng';

export type ToolKind = 'read' | 'bash' | 'grep' | 'edit';

export interface Round {
  /** What the agent says before the call (may be empty). */
  say: string;
  tool: ToolKind;
  /** read/edit: the file; grep: the pattern; bash: the command. */
  target: string;
  /** edit: the text replaced and its replacement. */
  edit?: { old: string; new: string };
  output: string;
}

export interface Turn {
  user: string;
  rounds: Round[];
  reply: string;
}

export interface Project {
  /** The working folder, e.g. /home/dev/ledger. */
  cwd: string;
  /** Module names (`invoice`, `tax`): files are src/<module>/<part>.ts. */
  modules: string[];
  /** Nouns and verbs identifiers are made of. */
  nouns: string[];
  verbs: string[];
  /** The test command the agent runs. */
  testCommand: string;
}

const PARTS = ['index', 'store', 'format', 'rules', 'client', 'schema', 'worker', 'cache'];
const TYPES = ['string', 'number', 'boolean', 'Date', 'readonly string[]', 'Record<string, number>'];

const cap = (word: string) => word[0]!.toUpperCase() + word.slice(1);

export class Filler {
  readonly random: () => number;

  constructor(
    readonly project: Project,
    seed: number,
  ) {
    this.random = rng(seed);
  }

  int(below: number): number {
    return Math.floor(this.random() * below);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  path(): string {
    return `src/${this.pick(this.project.modules)}/${this.pick(PARTS)}.ts`;
  }

  ident(): string {
    return `${this.pick(this.project.verbs)}${cap(this.pick(this.project.nouns))}`;
  }

  typeName(): string {
    return `${cap(this.pick(this.project.nouns))}${this.pick(['Row', 'Options', 'State', 'Entry', 'Input'])}`;
  }

  /** A TypeScript file of about `lines` lines, in the project's words. */
  source(path: string, lines: number): string {
    const out: string[] = [];
    const mod = path.split('/')[1] ?? 'core';
    out.push(
      `import { ${this.ident()}, ${this.ident()} } from '../${this.pick(this.project.modules)}/${this.pick(PARTS)}';`,
    );
    out.push(`import type { ${this.typeName()} } from '../${mod}/schema';`, '');
    while (out.length < lines) {
      const roll = this.random();
      if (roll < 0.3) {
        const name = this.typeName();
        out.push(`export interface ${name} {`);
        for (let i = 0, n = 2 + this.int(5); i < n; i++)
          out.push(
            `  ${this.pick(this.project.nouns)}${cap(this.pick(this.project.nouns))}: ${this.pick(TYPES)};`,
          );
        out.push('}', '');
      } else if (roll < 0.85) {
        const fn = this.ident();
        const arg = this.pick(this.project.nouns);
        out.push(
          `/** ${cap(this.pick(this.project.verbs))} the ${arg} before the ${this.pick(this.project.nouns)} is written. */`,
        );
        out.push(
          `export function ${fn}(${arg}: ${this.typeName()}, limit = ${this.int(90) + 10}): ${this.pick(TYPES)} {`,
        );
        for (let i = 0, n = 3 + this.int(7); i < n; i++) {
          const a = this.ident();
          out.push(
            this.pick([
              `  const ${this.pick(this.project.nouns)} = ${a}(${arg}, limit);`,
              `  if (${arg}.${this.pick(this.project.nouns)} === undefined) return ${a}(${arg}, ${this.int(50)});`,
              `  for (const item of ${arg}.${this.pick(this.project.nouns)}s) ${a}(item);`,
              `  // ${this.pick(this.project.verbs)} first: ${this.pick(this.project.nouns)} rows may arrive out of order`,
              `  await ${a}(${arg});`,
            ]),
          );
        }
        out.push(`  return ${this.ident()}(${arg});`, '}', '');
      } else {
        out.push(
          `export const ${this.pick(this.project.nouns).toUpperCase()}_${this.pick(this.project.nouns).toUpperCase()} = ${this.int(64)};`,
          '',
        );
      }
    }
    return out.map((line, i) => `${String(i + 1).padStart(4)}\t${line}`).join('\n');
  }

  /** A test run's output: every file's line, passing, unless failures are given. */
  testRun(failures: string[] = []): string {
    const files = 8 + this.int(10);
    const out = [`> ${this.project.testCommand}`, '', ` RUN  v3.2.4 ${this.project.cwd}`, ''];
    let tests = 0;
    for (let i = 0; i < files; i++) {
      const n = 3 + this.int(30);
      tests += n;
      out.push(` ✓ ${this.path().replace('.ts', '.test.ts')} (${n} tests) ${this.int(900)}ms`);
    }
    out.push(...failures);
    out.push(
      '',
      ` Test Files  ${failures.length ? `1 failed | ${files} passed` : `${files} passed`} (${files + (failures.length ? 1 : 0)})`,
      `      Tests  ${failures.length ? `1 failed | ${tests} passed` : `${tests} passed`}`,
      `   Duration  ${1 + this.int(9)}.${this.int(10)}s`,
    );
    return out.join('\n');
  }

  /** Grep hits for a pattern across the project. */
  grep(pattern: string, hits: number): string {
    const out: string[] = [];
    for (let i = 0; i < hits; i++)
      out.push(
        `${this.path()}:${1 + this.int(300)}:  const ${this.pick(this.project.nouns)} = ${pattern}(${this.pick(this.project.nouns)});`,
      );
    return out.join('\n');
  }

  prose(sentences: number): string {
    const out: string[] = [];
    for (let i = 0; i < sentences; i++)
      out.push(
        this.pick([
          `${cap(this.ident())} in ${this.path()} ${this.pick(['calls', 'wraps', 'feeds'])} ${this.ident()} before the ${this.pick(this.project.nouns)} is stored.`,
          `The ${this.pick(this.project.nouns)} path goes through ${this.ident()}; nothing there looks wrong yet.`,
          `I will read ${this.path()} next to see how the ${this.pick(this.project.nouns)} is built.`,
          `That file only ${this.pick(this.project.verbs)}s the ${this.pick(this.project.nouns)}; the logic lives elsewhere.`,
          `Tests for ${this.pick(this.project.modules)} pass, so the change stays local.`,
        ]),
      );
    return out.join(' ');
  }

  /** One call of work: mostly reads, some greps and test runs, an edit now and then. */
  round(): Round {
    const roll = this.random();
    if (roll < 0.55) {
      const path = this.path();
      return { say: this.prose(1), tool: 'read', target: path, output: this.source(path, 70 + this.int(90)) };
    }
    if (roll < 0.72) {
      const pattern = this.ident();
      return { say: '', tool: 'grep', target: pattern, output: this.grep(pattern, 6 + this.int(20)) };
    }
    if (roll < 0.9)
      return { say: this.prose(1), tool: 'bash', target: this.project.testCommand, output: this.testRun() };
    const path = this.path();
    const a = this.ident();
    const b = this.ident();
    return {
      say: this.prose(1),
      tool: 'edit',
      target: path,
      edit: { old: `  return ${a}(input);`, new: `  return ${b}(${a}(input));` },
      output: `Edited ${path}: 1 replacement.`,
    };
  }

  /** A turn of `rounds` calls of filler. */
  turn(user: string, rounds: number): Turn {
    return {
      user,
      rounds: Array.from({ length: rounds }, () => this.round()),
      reply: this.prose(2 + this.int(3)),
    };
  }
}
