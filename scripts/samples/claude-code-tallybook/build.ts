/**
 * The default sample: a Claude Code session fixing report bugs in a small
 * TypeScript API, "tallybook". Six turns end in a long debugging turn, so
 * that the default settings fire compaction and split that last turn.
 *
 * Beside this file:
 * - `session.txt`: the conversation, as a script (format in `../lib/script.ts`).
 * - `project/`: the project as it was when the session started; reads, greps
 *   and the final diff are computed from it as the session edits it.
 * - `tests.json`: the test names vitest prints, per file; `-- tests --`
 *   sections add to them as the session writes tests.
 * - `listed-files.json`: files a glob lists that the session never opens.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClaudeWriter, playClaudeScript } from '../formats/claudeCode';
import { claudeTools } from '../formats/claudeTools';
import { jsonl } from '../formats/records';
import { readJson, readText, readTree } from '../lib/files';
import { Project } from '../lib/project';
import { Clock, Rng } from '../lib/random';
import { fill, type Section, type Values } from '../lib/script';
import type { Sample } from '../sample';
import { reportValues, type Expense, type Rates } from './report';
import { codeFrame, Vitest, type SuiteTests } from './vitest';

const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = '/home/maya/code/tallybook';

function build(): string {
  const rng = new Rng(0xc1a0de01);
  const clock = new Clock(Date.parse('2025-04-02T20:47:12.318Z'), rng);
  const files = readTree(join(DIR, 'project'));
  const project = new Project(ROOT, files);
  const vitest = new Vitest(rng, clock, ROOT, readJson<SuiteTests>(DIR, 'tests.json'));
  const listed = [...readJson<string[]>(DIR, 'listed-files.json'), ...Object.keys(vitest.tests.unit)];
  const report = reportValues(
    JSON.parse(files['test/fixtures/expenses-2025-03.json']!) as Expense[],
    JSON.parse(files['test/fixtures/rates-2025-03.json']!) as Rates,
  );
  const writer = new ClaudeWriter(
    rng,
    clock,
    { cwd: ROOT, sessionId: rng.uuid(), version: '2.0.55', gitBranch: 'fix/report-month-range' },
    'claude-sonnet-4-5-20250929',
  );
  const parts = (argument: string) => argument.split(' | ');
  /**
   * What the script may name besides the report's numbers: `{{root}}`,
   * `{{lineOf PATH | TEXT}}` and `{{codeFrame PATH | TEXT | COLUMN}}` (at
   * the first line holding TEXT, in the file as the session has left it so
   * far), `{{diffStat}}` and `{{diff}}` of the work so far, and `{{vitest …}}`.
   */
  const values = (call: Section): Values => ({
    ...report,
    root: () => ROOT,
    lineOf: (a) => {
      const [path, needle] = parts(a);
      return String(project.lineOf(path!, needle!));
    },
    codeFrame: (a) => {
      const [path, needle, column] = parts(a);
      return codeFrame(project, path!, needle!, Number(column));
    },
    diffStat: () => project.diffStat(),
    diff: () => project.diff(),
    vitest: (a) => vitest.output(a, call, (text) => fill(text, values(call), call.where)),
  });
  playClaudeScript(readText(DIR, 'session.txt'), 'claude-code-tallybook/session.txt', {
    writer,
    project,
    tools: claudeTools(project, listed),
    values,
    directives: { tests: (section) => vitest.addTests(section) },
  });
  return jsonl(writer.records);
}

export const tallybook: Sample = { entry: readJson(DIR, 'sample.json'), build };
