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
import { labMeasured, labUnseenOf } from '../core/harness/measured';
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
  {
    agent: 'Copilot CLI',
    path: 'copilot/events-1.0.102.jsonl',
    format: 'copilot-cli',
    version: '1.0.102',
    messages: 61,
    pairs: 25,
    compactions: 2,
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

  it("names the agent's version with the file's usage (Claude Code's line `version`, Codex's `cli_version`, Copilot's `copilotVersion`)", () => {
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

/** The other agents' lab files, with the version each names: none where the agent writes none. */
const VERSIONED: readonly { path: string; format: FormatId; version: string | undefined }[] = [
  { path: 'gemini-cli/session-0.61.0.jsonl', format: 'gemini-cli', version: undefined },
  { path: 'opencode/export-1.18.33.json', format: 'opencode', version: '1.18.33' },
  { path: 'kilo/export-7.7.7.json', format: 'opencode', version: '7.7.7' },
  { path: 'pi/session-1.6.0.jsonl', format: 'pi', version: undefined },
  { path: 'qwen-code/session-0.24.4.jsonl', format: 'qwen-code', version: '0.24.4' },
  { path: 'copilot/events-1.0.102.jsonl', format: 'copilot-cli', version: '1.0.102' },
];

describe.each(VERSIONED)('the lab file $path', (f) => {
  const imported = importTranscript(fixture(f.path));

  it('names the version of the agent that wrote it, from the file alone', () => {
    expect([imported.format, imported.usage?.agentVersion]).toEqual([f.format, f.version]);
  });

  it("gets the lab's measured system prompt and tools exactly when its version is a measured one", () => {
    const measured = labMeasured(f.format, f.version);
    expect(labUnseenOf(imported)).toBe(measured ? measured.systemTokens + measured.toolTokens : null);
  });
});

describe("the lab's measured figure reaches the files of each measured version", () => {
  it.each([
    ['opencode/export-1.18.33.json', 2_012 + 4_721],
    ['kilo/export-7.7.7.json', 2_808 + 8_177],
    ['qwen-code/session-0.24.4.jsonl', 5_623 + 8_441],
    ['copilot/events-1.0.102.jsonl', 4_597 + 5_743],
  ])('%s: %i tokens', (path, tokens) => {
    expect(labUnseenOf(importTranscript(fixture(path)))).toBe(tokens);
  });
});

describe('Copilot CLI 1.0.102 in the lab', () => {
  const imported = importTranscript(fixture('copilot/events-1.0.102.jsonl'));

  it('sends, after each compaction, the system prompt, one user message with the prompts and the summary, then what the turn added while it summarized', () => {
    // Four short turns; the fourth's context is the second compaction's, then the rest of its turn.
    expect(imported.messages.map((m) => [m.role, m.kind ?? '', m.content.slice(0, 24)])).toEqual([
      ['system', '', 'You are the GitHub Copil'],
      ['user', 'summary', 'Some of the conversation'],
      ['assistant', '', 'Running a command.'],
      ['tool', '', 'add(2, 2) should be 4, g'],
      ['assistant', '', 'Running a command.'],
      ['tool', '', 'src:\ncalc.js\n\ntest:\ncalc'],
      ['assistant', '', 'Reading the file.'],
      ['tool', '', '/**\n * add: one of the c'],
      ['assistant', '', 'Running a command.'],
      ['tool', '', 'add(2, 2) should be 4, g'],
      ['assistant', '', 'Writing the notes.'],
      ['tool', '', 'Path already exists'],
      ['assistant', '', 'I read the README and sr'],
    ]);
    expect(imported.messages[1]!.content).toContain(
      '<user_message>\nLook into the failing test in this project and write down what you find.\n</user_message>',
    );
    expect(imported.messages[1]!.content).toContain(
      'Here is a summary of the prior context:\n<summary>\n## Summary of the session so far\n',
    );
  });

  it('records each applied compaction with the sizes the event gives, and the usage of every call', () => {
    const history = imported.history!;
    expect(history.compactions).toEqual([
      {
        atMessage: 32,
        contextAfter: [1, 32, 30, 31],
        trigger: 'auto',
        tokensBefore: 12_627,
        tokensAfter: 10_935,
        source: 'session.compaction_complete',
        line: 98,
      },
      {
        atMessage: 51,
        contextAfter: [1, 51, 49, 50],
        trigger: 'auto',
        tokensBefore: 12_341,
        tokensAfter: 10_713,
        source: 'session.compaction_complete',
        line: 156,
      },
    ]);
    // 29 calls; the context each sent falls after each compaction (16,077 → 14,627, 16,258 → 14,335).
    const contexts = history.calls.map((c) => c.contextTokens);
    expect(contexts).toHaveLength(29);
    expect(contexts.slice(13, 17)).toEqual([16_013, 16_077, 14_627, 14_691]);
    expect(contexts.slice(22, 26)).toEqual([15_775, 16_258, 14_335, 14_398]);
    expect(history.calls.every((c) => c.model === 'agent')).toBe(true);
    expect(imported.usage).toEqual({
      contextTokens: 15_078,
      outputTokens: 41,
      model: 'agent',
      agentVersion: '1.0.102',
    });
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
