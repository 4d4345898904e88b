/**
 * A Codex CLI session refactoring three hand-rolled HTTP retry loops of a Go
 * service ("fleetd") into one shared package. Its first turn was compacted:
 * the rollout holds Codex's summary in place of what came before.
 *
 * Beside this file:
 * - `session.txt`: the conversation, as a script (format in `../lib/script.ts`).
 * - `project/`: the service as it was when the session started.
 * - `tests.json`: the Go tests per package, for `go test -v` output; `-- tests --`
 *   sections add to them as the session writes tests.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodexWriter, playCodexScript } from '../formats/codex';
import { jsonl } from '../formats/records';
import { readJson, readText, readTree } from '../lib/files';
import { Project } from '../lib/project';
import { Clock, Rng } from '../lib/random';
import type { Section } from '../lib/script';
import type { Sample } from '../sample';

const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = '/home/lena/src/fleetd';
const MODULE = 'github.com/acme/fleetd';

/** Test names per package, in the order `go test -v` runs them. */
type GoTests = Record<string, string[]>;

/** `{{gotest [race] [PACKAGE…]}}`: `go test -v` output for the packages (all of them by default). */
function goTestOutput(rng: Rng, tests: GoTests, argument: string): string {
  const words = argument.split(' ').filter(Boolean);
  const race = words.includes('race');
  const named = words.filter((w) => w !== 'race');
  const packages = named.length ? named : Object.keys(tests).sort((a, b) => a.localeCompare(b));
  const out: string[] = [];
  for (const pkg of packages) {
    const names = tests[pkg]!;
    if (!names.length) {
      out.push(`?   \t${MODULE}/${pkg}\t[no test files]`);
      continue;
    }
    for (const t of names)
      out.push(`=== RUN   ${t}`, `--- PASS: ${t} (0.${String(rng.int(0, 40)).padStart(2, '0')}s)`);
    // Durations are made up; the race detector adds its start-up time.
    out.push('PASS', `ok  \t${MODULE}/${pkg}\t${(rng.int(20, 900) / 1000 + (race ? 1.1 : 0)).toFixed(3)}s`);
  }
  return out.join('\n');
}

/** `-- tests PACKAGE [before=NAME] --`: the session added these tests (one per line), or a new package. */
function addTests(tests: GoTests, section: Section): void {
  const pkg = section.args[0]!;
  const list = (tests[pkg] ??= []);
  const at = section.opts.before === undefined ? list.length : list.indexOf(section.opts.before);
  if (at === -1) throw new Error(`${section.where}: no test ${section.opts.before} in ${pkg}`);
  list.splice(at, 0, ...section.body.split('\n'));
}

function build(): string {
  const rng = new Rng(0xc0de0003);
  const clock = new Clock(Date.parse('2025-10-14T08:12:40.517Z'), rng);
  const project = new Project(ROOT, readTree(join(DIR, 'project')));
  const tests = readJson<GoTests>(DIR, 'tests.json');
  const writer = new CodexWriter(rng, clock, ROOT, {
    branch: 'refactor/shared-retry',
    repository: 'git@github.com:acme/fleetd.git',
  });
  // Codex session ids are UUIDv7: the first digits are the start time.
  writer.meta(`0199e1c4-${rng.hex(4)}-7${rng.hex(3)}-${rng.hex(4)}-${rng.hex(12)}`);
  playCodexScript(readText(DIR, 'session.txt'), 'codex-shared-retry/session.txt', {
    writer,
    project,
    values: {
      root: () => ROOT,
      cat: (path) => project.text(path),
      /** `rg -n PATTERN` over the project, paths relative to the root. */
      rg: (pattern) =>
        project
          .grep(new RegExp(pattern))
          .map((l) => l.slice(ROOT.length + 1))
          .join('\n'),
      diffStat: (paths) => project.diffStat(paths ? paths.split(' ') : undefined),
      diff: () => project.diff(),
      gotest: (argument) => goTestOutput(rng, tests, argument),
    },
    directives: { tests: (section) => addTests(tests, section) },
  });
  return jsonl(writer.lines);
}

export const sharedRetry: Sample = { entry: readJson(DIR, 'sample.json'), build };
