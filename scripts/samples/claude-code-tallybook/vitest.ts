/**
 * Vitest's console output for the sample project's suite, as the session's
 * test runs print it: a line per file (or per test with `verbose`), the
 * failures the script spells out, then the summary. Which tests exist comes
 * from `tests.json` and changes as the session adds tests; durations and the
 * order in which files finish are seeded.
 */
import { fakeBlob, type Project } from '../lib/project';
import type { Clock, Rng } from '../lib/random';
import type { Section } from '../lib/script';
import { AUCKLAND_MS } from './report';

/** Test names per test file, as vitest's verbose reporter prints them (`describe > it`). */
export type TestNames = Record<string, string[]>;

export interface SuiteTests {
  unit: TestNames;
  e2e: TestNames;
}

interface FailingFile {
  /** Per-test lines under the file (`✓ …` and `× …`), as vitest prints them for a failing file. */
  lines: string[];
  failed: number;
}

interface RunOptions {
  only?: string[];
  failing?: Record<string, FailingFile>;
  details?: string[];
  e2e?: boolean;
  verbose?: boolean;
}

const E2E_CONFIG = 'vitest.e2e.config.ts';

/** "2 failed | 5 passed", "1 failed" or "7 passed", as vitest's summary lines put it. */
function tally(failed: number, total: number): string {
  const parts: string[] = [];
  if (failed) parts.push(`${failed} failed`);
  if (total - failed) parts.push(`${total - failed} passed`);
  return parts.join(' | ');
}

export class Vitest {
  constructor(
    private readonly rng: Rng,
    private readonly clock: Clock,
    private readonly root: string,
    readonly tests: SuiteTests,
  ) {}

  /**
   * `{{vitest [e2e] [verbose] [only=src/dates/,src/money/]}}`: a run of the
   * unit (or e2e) suite. Failing files and failure details are children of
   * the tool call: `-- failing FILE COUNT --` with the per-test lines, and one
   * `-- details --` per failure; `fill` fills their values.
   */
  output(argument: string, call: Section, fill: (text: string) => string): string {
    const words = argument.split(' ').filter(Boolean);
    const only = words.find((w) => w.startsWith('only='));
    const failing: Record<string, FailingFile> = {};
    for (const s of call.children.filter((c) => c.kind === 'failing'))
      failing[s.args[0]!] = { failed: Number(s.args[1]), lines: fill(s.body).split('\n') };
    const details = call.children.filter((c) => c.kind === 'details').map((s) => fill(s.body));
    return this.run({
      e2e: words.includes('e2e'),
      verbose: words.includes('verbose'),
      only: only?.slice('only='.length).split(','),
      failing,
      details,
    });
  }

  /** `-- tests FILE [before=NAME | replace=NAME] --`: the session added tests (one name per line). */
  addTests(section: Section): void {
    const [path] = section.args;
    const list = this.tests.unit[path!];
    const anchor = section.opts.before ?? section.opts.replace;
    const at = anchor === undefined ? list?.length : list?.indexOf(anchor);
    if (!list || at === undefined || at === -1)
      throw new Error(`${section.where}: no test ${anchor} in ${path}`);
    list.splice(at, section.opts.replace === undefined ? 0 : 1, ...section.body.split('\n'));
  }

  private run(opts: RunOptions): string {
    const { rng, clock } = this;
    const names = opts.e2e ? this.tests.e2e : this.tests.unit;
    const config = opts.e2e ? `\n      Config  ${E2E_CONFIG}` : '';
    const files = Object.keys(names)
      .filter((f) => !opts.only || opts.only.some((o) => f.startsWith(o)))
      .sort();
    const out = [`\n RUN  v3.0.7 ${this.root}${config}\n`];
    let failedFiles = 0;
    let failedTests = 0;
    let total = 0;
    // Vitest prints files as they finish, which is not alphabetical.
    const order = [...files].sort((a, b) => (fakeBlob(a + clock.now) < fakeBlob(b + clock.now) ? -1 : 1));
    for (const f of order) {
      const list = names[f]!;
      const n = list.length;
      total += n;
      const failing = opts.failing?.[f];
      const ms = rng.int(2, 60);
      if (failing) {
        failedFiles++;
        failedTests += failing.failed;
        out.push(` ❯ ${f} (${n} tests | ${failing.failed} failed) ${ms}ms`);
        out.push(...failing.lines.map((l) => `   ${l}`));
      } else if (opts.verbose) {
        for (const name of list) out.push(` ✓ ${f} > ${name} ${rng.int(0, 9)}ms`);
      } else out.push(` ✓ ${f} (${n} test${n === 1 ? '' : 's'}) ${ms}ms`);
    }
    if (opts.details?.length) {
      out.push('', `⎯⎯⎯⎯⎯⎯⎯ Failed Tests ${failedTests} ⎯⎯⎯⎯⎯⎯⎯`, '');
      opts.details.forEach((d, i) => {
        out.push(
          d.replace(/\n+$/, ''),
          '',
          `⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯[${i + 1}/${opts.details!.length}]⎯`,
          '',
        );
      });
    } else out.push('');
    const t = new Date(clock.now + AUCKLAND_MS).toISOString().slice(11, 19);
    const dur = (files.length * 0.17 + rng.next()).toFixed(2);
    out.push(
      ` Test Files  ${tally(failedFiles, files.length)} (${files.length})`,
      `      Tests  ${tally(failedTests, total)} (${total})`,
      `   Start at  ${t}`,
      `   Duration  ${dur}s (transform ${(+dur * 0.31).toFixed(2)}s, setup 0ms, collect ${(+dur * 1.4).toFixed(2)}s, tests ${(+dur * 0.52).toFixed(2)}s, environment ${rng.int(1, 9)}ms, prepare ${(+dur * 0.9).toFixed(2)}s)`,
    );
    if (failedFiles) out.push('', ' ELIFECYCLE  Command failed with exit code 1.');
    return out.join('\n');
  }
}

/** Vitest's code frame: two lines either side of the failing line, with a caret under the column. */
export function codeFrame(p: Project, path: string, needle: string, column: number): string {
  const lines = p.text(path).split('\n');
  const at = p.lineOf(path, needle);
  const out = [` ❯ ${path}:${at}:${column}`];
  for (let n = Math.max(1, at - 2); n <= Math.min(lines.length, at + 2); n++) {
    out.push(`    ${String(n).padStart(3)}| ${lines[n - 1]}`.trimEnd());
    if (n === at) out.push(`       |${' '.repeat(column)}^`);
  }
  return out.join('\n');
}
