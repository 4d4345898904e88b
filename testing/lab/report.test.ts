/** The lab's line per agent, its table, and what `--latest` says changed. */
import { describe, expect, it } from 'vitest';
import type { LabResult } from './checks';
import { KEPT_RULE } from './kept';
import { compareVersions, formatLine, formatTable, keptDetail } from './report';

const codex: LabResult = {
  agent: 'codex',
  name: 'Codex CLI',
  version: '0.169.0',
  compactions: ['automatic'],
  imports: [
    {
      file: 'rollout.jsonl',
      detected: 'codex',
      messages: 45,
      toolCalls: 15,
      toolResults: 15,
      unpaired: 0,
      compactionsInFile: 1,
      compactionsImported: 1,
      compactionsInLedger: 1,
      problems: [],
    },
  ],
  importExact: true,
  firing: {
    agentAt: 13,
    presetAt: 13,
    threshold: 20_000,
    formula: 'min(20,000, 27,000, 28,500)',
    matches: true,
    tokensBefore: 19_967,
    tokensAfter: 11_471,
  },
  kept: {
    summaryCall: 13,
    conversation: 27,
    comparedFrom: 0,
    summaryPrompt: 'You are performing a CONTEXT CHECKPOINT COMPACTION.',
    agent: { indexes: [2, 3, 15], messages: 3, userTexts: 3, toolCalls: 0, toolResults: 0, tokens: 153 },
    preset: {
      strategy: 'codex',
      fires: false,
      indexes: [2, 3, 15],
      messages: 3,
      userTexts: 3,
      toolCalls: 0,
      toolResults: 0,
      tokens: 153,
    },
    matches: true,
    rule: KEPT_RULE,
  },
  unseen: { systemTokens: 4_079, toolTokens: 3_616, tools: 9 },
};

describe('formatLine', () => {
  it('says how it compacted, where it and its preset fired, the import and the unseen part', () => {
    expect(formatLine(codex)).toBe(
      '✓ Codex CLI 0.169.0: automatic; fires at agent call 13, preset 13 (match); kept agent 3 / preset 3 of 27 (match); prompt not claimed; import exact (1 file(s), 1 compaction(s)); unseen 7,695 (4,079 system + 3,616 tools)',
    );
  });

  it("gives the sections of Claude Code's prompt its preset names, and marks a missing one", () => {
    const claimed = ['1. Primary Request and Intent', '2. Key Technical Concepts'];
    const prompt = { claim: 'sections' as const, claimed, missing: [], matches: true };
    expect(formatLine({ ...codex, prompt })).toContain('; prompt 2 of 2 sections (match);');
    const missing = { ...prompt, missing: [claimed[1]], matches: false };
    expect(formatLine({ ...codex, prompt: missing })).toMatch(
      /^✗ .*; prompt 1 of 2 sections \(MISSING 2\. Key Technical Concepts\);/,
    );
  });

  it('marks a run whose preset keeps other messages than the agent did', () => {
    const kept = {
      ...codex.kept!,
      preset: { ...codex.kept!.preset!, indexes: [], messages: 0 },
      matches: false,
    };
    expect(formatLine({ ...codex, kept })).toMatch(/^✗ .*; kept agent 3 \/ preset 0 of 27 \(MISMATCH\);/);
  });

  it('says where the agent fired and why no preset was run for an agent the product has none for', () => {
    const qwen: LabResult = {
      ...codex,
      agent: 'qwen-code',
      name: 'Qwen Code',
      firing: undefined,
      kept: { ...codex.kept!, preset: null, matches: null },
      noPreset: 'the product has no preset for Qwen Code',
    };
    expect(formatLine(qwen)).toContain(
      'fires at agent call 13, no preset run: the product has no preset for Qwen Code; kept agent 3 of 27;',
    );
  });

  it('gives an agent that could not run one line with the reason', () => {
    const failed: LabResult = {
      agent: 'codex',
      name: 'Codex CLI',
      version: '0.171.0',
      failure: 'install: npm install failed: exit 1',
    };
    expect(formatLine(failed)).toBe('✗ Codex CLI 0.171.0: install: npm install failed: exit 1');
    expect(formatTable([codex, failed]).split('\n')).toHaveLength(4);
  });

  it("puts the agent's and the preset's figures side by side in the table", () => {
    const [head, , row] = formatTable([codex]).split('\n');
    expect(head).toMatch(/fires at \(agent \/ preset\) +\| kept \(agent \/ preset\) +\|/);
    expect(row).toContain('| agent call 13, preset 13 (match) | agent 3 / preset 3 of 27 (match) |');
  });
});

describe('keptDetail', () => {
  it('gives both sides: messages, prompts, calls, results and tokens', () => {
    expect(keptDetail(codex.kept)).toBe(
      'of 27 messages at call 13, agent kept 3 (3 prompts, 0 calls, 0 results; 153 tokens); preset codex 3 (3 prompts, 0 calls, 0 results; 153 tokens) (match)',
    );
  });
});

describe('compareVersions', () => {
  it('names what changed between the pinned version and the newest', () => {
    const newer: LabResult = {
      ...codex,
      version: '0.171.0',
      firing: { ...codex.firing!, agentAt: 14 },
      unseen: { systemTokens: 4_200, toolTokens: 3_616, tools: 9 },
    };
    expect(compareVersions(codex, newer)).toEqual([
      'Codex CLI 0.171.0 against 0.169.0:',
      '  fires at call: 13 → 14',
      '  system prompt and tools: 7,695 (4,079 system + 3,616 tools) → 7,816 (4,200 system + 3,616 tools)',
    ]);
  });

  it('says when nothing changed', () => {
    expect(compareVersions(codex, { ...codex, version: '0.170.0' })).toEqual([
      'Codex CLI 0.170.0 against 0.169.0: nothing changed',
    ]);
  });
});
