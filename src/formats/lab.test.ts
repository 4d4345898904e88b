/**
 * The session files real agents wrote in the conformance lab (`npm run lab`),
 * trimmed into fixtures: each imports in its own format without being told
 * it, every tool call paired, every compaction the file marks in the history
 * and the ledger, no problem reported. A new agent version's file that fails
 * here is a format change the importer has to follow.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkImport, importIsExact } from '../../testing/lab/checks';
import { importTranscript } from './registry';
import type { FormatId } from './types';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/lab/${path}`, import.meta.url), 'utf8');

interface LabFixture {
  agent: string;
  path: string;
  format: FormatId;
  version: string;
  messages: number;
  pairs: number;
  /** Automatic, then manual when the lab ran the agent's command too. */
  compactions: number;
}

const FIXTURES: readonly LabFixture[] = [
  {
    agent: 'Claude Code',
    path: 'claude-code/2.1.328/session.jsonl',
    format: 'claude-code',
    version: '2.1.328',
    messages: 58,
    pairs: 23,
    compactions: 2,
  },
  {
    agent: 'Claude Code',
    path: 'claude-code/2.1.337/session.jsonl',
    format: 'claude-code',
    version: '2.1.337',
    messages: 58,
    pairs: 23,
    compactions: 2,
  },
  {
    agent: 'Codex CLI',
    path: 'codex/0.169.0/rollout.jsonl',
    format: 'codex',
    version: '0.169.0',
    messages: 45,
    pairs: 15,
    compactions: 1,
  },
  {
    agent: 'Codex CLI',
    path: 'codex/0.171.0/rollout.jsonl',
    format: 'codex',
    version: '0.171.0',
    messages: 41,
    pairs: 14,
    compactions: 1,
  },
];

describe.each(FIXTURES)('$agent $version in the lab', (f) => {
  const text = fixture(f.path);
  const check = checkImport(f.path, text, f.format);

  it('imports in its format with every call paired and no problem', () => {
    expect(check).toMatchObject({
      detected: f.format,
      toolCalls: f.pairs,
      toolResults: f.pairs,
      unpaired: 0,
      problems: [],
    });
    expect(check.messages).toBe(f.messages);
  });

  it('has every compaction the file marks in the history and in the ledger', () => {
    expect([check.compactionsInFile, check.compactionsImported, check.compactionsInLedger]).toEqual([
      f.compactions,
      f.compactions,
      f.compactions,
    ]);
    expect(importIsExact(check)).toBe(true);
  });

  it("names the agent's version with the file's usage (Claude Code's line `version`, Codex's `cli_version`)", () => {
    expect(importTranscript(text).usage?.agentVersion).toBe(f.version);
  });
});

describe('Codex 0.169 and later in the lab', () => {
  it('carries an ordinal on every line and is still detected as Codex', () => {
    const lines = fixture('codex/0.169.0/rollout.jsonl').trim().split('\n');
    expect(lines.every((line) => /"ordinal":\d+/.test(line))).toBe(true);
    expect(importTranscript(lines.join('\n')).format).toBe('codex');
  });
});

/** OpenCode and Kilo, its fork, each compacted four times by itself and once through its server, then exported. */
const EXPORTS = [
  { agent: 'OpenCode', version: '1.18.33', path: 'opencode/1.18.33/export.json' },
  { agent: 'Kilo', version: '7.7.7', path: 'kilo/7.7.7/export.json' },
];

describe.each(EXPORTS)('$agent $version in the lab, compacted by itself and then by hand', (f) => {
  const text = fixture(f.path);

  it('imports its export as OpenCode with every call paired, the four automatic compactions and the one asked for', () => {
    const check = checkImport('export.json', text, 'opencode');
    expect(check).toMatchObject({
      detected: 'opencode',
      messages: 32,
      toolCalls: 5,
      toolResults: 5,
      unpaired: 0,
      compactionsInFile: 5,
      compactionsImported: 5,
      compactionsInLedger: 5,
      problems: [],
    });
    expect(importIsExact(check)).toBe(true);
  });
});

describe('Gemini CLI 0.61.0 in the lab, compressed by itself and then with /compress', () => {
  const text = fixture('gemini-cli/0.61.0/session.jsonl');

  it('imports with every call paired, twelve automatic compressions and the one /compress made, each a $set', () => {
    const check = checkImport('session.jsonl', text, 'gemini-cli');
    expect(check).toMatchObject({
      detected: 'gemini-cli',
      messages: 138,
      toolCalls: 15,
      toolResults: 15,
      unpaired: 0,
      compactionsImported: 13,
      compactionsInLedger: 13,
      problems: [],
    });
    expect(importIsExact(check)).toBe(true);
  });

  it('ends on the /compress compression: the session context, the summary and the acknowledgement', () => {
    const history = importTranscript(text).history!;
    const last = history.compactions.at(-1)!;
    expect(last.contextAfter.map((i) => history.messages[i].content.slice(0, 18))).toEqual([
      '<session_context>\n',
      '## Goal\nCarry the ',
      'Got it. Thanks for',
    ]);
  });
});
