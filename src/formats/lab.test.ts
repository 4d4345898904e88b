/**
 * The session files real agents wrote in the conformance lab (`npm run lab`),
 * trimmed into fixtures: each imports in its own format with every tool call
 * paired, every compaction the file marks in the history and the ledger, and
 * no problem reported. A new agent version's file that fails here is a
 * format change the importer has to follow.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkImport, importIsExact } from '../../testing/lab/checks';
import { importTranscript } from './registry';

const fixture = (path: string) => readFileSync(new URL(`./fixtures/lab/${path}`, import.meta.url), 'utf8');

describe('Claude Code 2.1.328 in the lab', () => {
  const check = checkImport('session.jsonl', fixture('claude-code/2.1.328/session.jsonl'), 'claude-code');

  it('imports as Claude Code with every call paired and no problem', () => {
    expect(check).toMatchObject({
      detected: 'claude-code',
      toolCalls: 23,
      toolResults: 23,
      unpaired: 0,
      problems: [],
    });
    expect(check.messages).toBe(58);
  });

  it('finds its automatic and its manual compaction, in the history and the ledger', () => {
    expect(check.compactionsInFile).toBe(2);
    expect(check.compactionsImported).toBe(2);
    expect(check.compactionsInLedger).toBe(2);
    expect(importIsExact(check)).toBe(true);
  });
});

describe('the agent version a session file names', () => {
  it("is Claude Code's line `version` and Codex's `cli_version`, kept with the file's usage", () => {
    const claude = importTranscript(fixture('claude-code/2.1.328/session.jsonl'));
    const codex = importTranscript(fixture('codex/0.169.0/rollout.jsonl'));
    expect(claude.usage?.agentVersion).toBe('2.1.328');
    expect(codex.usage?.agentVersion).toBe('0.169.0');
  });
});

describe('Codex CLI 0.169.0 in the lab', () => {
  const check = checkImport('rollout.jsonl', fixture('codex/0.169.0/rollout.jsonl'), 'codex');

  it('imports as Codex without being told the format, every line carrying an ordinal', () => {
    expect(fixture('codex/0.169.0/rollout.jsonl').split('\n')[0]).toContain('"ordinal":');
    expect(check).toMatchObject({
      detected: 'codex',
      toolCalls: 15,
      toolResults: 15,
      unpaired: 0,
      problems: [],
    });
    expect(check.messages).toBe(45);
  });

  it('finds its automatic compaction, in the history and the ledger', () => {
    expect(check).toMatchObject({ compactionsInFile: 1, compactionsImported: 1, compactionsInLedger: 1 });
    expect(importIsExact(check)).toBe(true);
  });
});
