/**
 * A Claude Code session hardening "linkcheck", a small Markdown link
 * checker: retries for rate-limited hosts, then concurrency with a per-host
 * limit, then the docs. The developer ran /compact after each of the first
 * two turns, so the file records two compactions, each with the size of the
 * context it replaced and the summary Claude Code wrote.
 *
 * Beside this file:
 * - `session.txt`: the conversation, as a script (format in `../lib/script.ts`).
 * - `project/`: the checker as it was when the session started.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClaudeWriter, playClaudeScript } from '../formats/claudeCode';
import { claudeTools } from '../formats/claudeTools';
import { jsonl } from '../formats/records';
import { readJson, readText, readTree } from '../lib/files';
import { Project } from '../lib/project';
import { Clock, Rng } from '../lib/random';
import type { Sample } from '../sample';

const DIR = dirname(fileURLToPath(import.meta.url));
const ROOT = '/home/lee/code/linkcheck';

function build(): string {
  const rng = new Rng(0x11c4ec4);
  const clock = new Clock(Date.parse('2026-02-09T10:11:37.512Z'), rng);
  const project = new Project(ROOT, readTree(join(DIR, 'project')));
  const writer = new ClaudeWriter(
    rng,
    clock,
    { cwd: ROOT, sessionId: rng.uuid(), version: '2.0.76', gitBranch: 'retry-and-concurrency' },
    'claude-sonnet-4-5-20250929',
  );
  playClaudeScript(readText(DIR, 'session.txt'), 'claude-code-linkcheck/session.txt', {
    writer,
    project,
    tools: claudeTools(project),
    values: () => ({}),
  });
  return jsonl(writer.records);
}

export const linkcheck: Sample = { entry: readJson(DIR, 'sample.json'), build };
