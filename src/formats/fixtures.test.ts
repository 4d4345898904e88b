import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import type { Counts } from './testSupport.node';
import { counts, fixture } from './testSupport.node';
import { formatFixtures } from './importers';
import { FORMATS, type FormatId } from './types';

interface Expectation {
  file: string;
  format: FormatId;
  counts: Counts;
  issues: string[];
}

const none = { summaries: 0, images: 0 };

/** Every fixture, detected without a hint, with its exact message, call and pairing counts. */
const EXPECTED: Expectation[] = [
  {
    file: 'claude-code.jsonl',
    format: 'claude-code',
    counts: {
      messages: 9,
      roles: { user: 1, assistant: 4, tool: 4 },
      toolCalls: 4,
      pairedResults: 4,
      withReasoning: 1,
      ...none,
    },
    issues: ['metadata-line', 'inactive-branch', 'sidechain-lines'],
  },
  {
    file: 'claude-code-parallel.jsonl',
    format: 'claude-code',
    counts: {
      messages: 9,
      roles: { user: 1, assistant: 3, tool: 5 },
      toolCalls: 5,
      pairedResults: 5,
      withReasoning: 1,
      ...none,
    },
    issues: [],
  },
  {
    file: 'claude-code-parallel-rewind.jsonl',
    format: 'claude-code',
    counts: {
      messages: 7,
      roles: { user: 2, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      withReasoning: 0,
      ...none,
    },
    issues: ['inactive-branch'],
  },
  {
    file: 'codex.jsonl',
    format: 'codex',
    counts: {
      messages: 9,
      roles: { user: 2, assistant: 4, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      withReasoning: 2,
      ...none,
    },
    issues: [],
  },
  {
    file: 'codex-ordinal.jsonl',
    format: 'codex',
    counts: {
      messages: 8,
      roles: { system: 2, user: 4, assistant: 2 },
      toolCalls: 0,
      pairedResults: 0,
      withReasoning: 0,
      summaries: 1,
      images: 0,
    },
    issues: ['encrypted-summary'],
  },
  {
    file: 'pi.jsonl',
    format: 'pi',
    counts: {
      messages: 7,
      roles: { user: 2, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      withReasoning: 1,
      summaries: 1,
      images: 0,
    },
    issues: ['inactive-branch'],
  },
  {
    file: 'opencode.json',
    format: 'opencode',
    counts: {
      messages: 6,
      roles: { user: 2, assistant: 3, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      withReasoning: 0,
      summaries: 1,
      images: 1,
    },
    issues: ['hidden-by-compaction'],
  },
  {
    file: 'gemini-cli.jsonl',
    format: 'gemini-cli',
    counts: {
      messages: 9,
      roles: { user: 2, assistant: 4, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      withReasoning: 1,
      ...none,
    },
    issues: [],
  },
  {
    file: 'openai-chat.json',
    format: 'openai-chat',
    counts: {
      messages: 8,
      roles: { system: 1, user: 1, assistant: 3, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      withReasoning: 1,
      ...none,
    },
    issues: [],
  },
  {
    file: 'openai-responses.json',
    format: 'openai-responses',
    counts: {
      messages: 11,
      roles: { system: 1, user: 2, assistant: 5, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      withReasoning: 1,
      summaries: 0,
      images: 1,
    },
    issues: [],
  },
  {
    file: 'anthropic.json',
    format: 'anthropic',
    counts: {
      messages: 9,
      roles: { system: 1, user: 2, assistant: 3, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      withReasoning: 1,
      summaries: 0,
      images: 1,
    },
    issues: [],
  },
  {
    file: 'gemini.json',
    format: 'gemini',
    counts: {
      messages: 8,
      roles: { system: 1, user: 1, assistant: 3, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      withReasoning: 1,
      summaries: 0,
      images: 1,
    },
    issues: [],
  },
  {
    file: 'langchain.json',
    format: 'langchain',
    counts: {
      messages: 7,
      roles: { system: 1, user: 1, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      withReasoning: 1,
      ...none,
    },
    issues: [],
  },
  {
    file: 'qwen-code.jsonl',
    format: 'qwen-code',
    counts: {
      messages: 4,
      roles: { user: 1, assistant: 2, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      withReasoning: 1,
      ...none,
    },
    issues: ['metadata-line'],
  },
  {
    file: 'copilot-cli.jsonl',
    format: 'copilot-cli',
    counts: {
      messages: 5,
      roles: { system: 1, user: 1, assistant: 2, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      withReasoning: 1,
      ...none,
    },
    issues: [],
  },
  {
    file: 'cline-task.json',
    format: 'cline',
    counts: {
      messages: 8,
      roles: { user: 4, assistant: 4 },
      toolCalls: 0,
      pairedResults: 0,
      withReasoning: 0,
      ...none,
    },
    issues: [],
  },
  {
    file: 'cline-task-native.json',
    format: 'cline',
    counts: {
      messages: 17,
      roles: { user: 6, assistant: 5, tool: 6 },
      toolCalls: 6,
      pairedResults: 6,
      withReasoning: 0,
      ...none,
    },
    issues: [],
  },
  {
    file: 'cline-task-followup.json',
    format: 'cline',
    counts: {
      messages: 8,
      roles: { user: 3, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      withReasoning: 0,
      ...none,
    },
    issues: [],
  },
  {
    file: 'roo-code-task.json',
    format: 'cline',
    counts: {
      messages: 8,
      roles: { user: 4, assistant: 2, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      withReasoning: 1,
      summaries: 1,
      images: 0,
    },
    issues: ['condensed-messages', 'condensed-results'],
  },
  {
    file: 'kilo-code-task.json',
    format: 'cline',
    counts: {
      messages: 5,
      roles: { user: 3, assistant: 1, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      withReasoning: 0,
      ...none,
    },
    issues: ['truncated-messages'],
  },
  {
    file: 'goose.jsonl',
    format: 'goose',
    counts: {
      messages: 6,
      roles: { user: 1, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      withReasoning: 1,
      ...none,
    },
    issues: ['agent-invisible', 'user-only-content'],
  },
  {
    file: 'aider.chat.history.md',
    format: 'aider',
    counts: {
      messages: 4,
      roles: { user: 2, assistant: 2 },
      toolCalls: 0,
      pairedResults: 0,
      withReasoning: 0,
      ...none,
    },
    issues: ['earlier-runs', 'aider-commands', 'aider-output'],
  },
  {
    file: 'aider-commands.chat.history.md',
    format: 'aider',
    counts: {
      messages: 6,
      roles: { user: 3, assistant: 3 },
      toolCalls: 0,
      pairedResults: 0,
      withReasoning: 0,
      ...none,
    },
    issues: ['cleared-messages', 'aider-commands', 'aider-output'],
  },
  {
    file: 'plain.txt',
    format: 'text',
    counts: {
      messages: 5,
      roles: { system: 1, user: 2, assistant: 2 },
      toolCalls: 0,
      pairedResults: 0,
      withReasoning: 0,
      ...none,
    },
    issues: [],
  },
  {
    file: 'otel-genai.json',
    format: 'otel',
    counts: {
      messages: 5,
      roles: { system: 1, user: 1, assistant: 2, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      withReasoning: 1,
      ...none,
    },
    issues: ['earlier-calls'],
  },
  {
    file: 'otel-openllmetry.jsonl',
    format: 'otel',
    counts: {
      messages: 5,
      roles: { system: 1, user: 1, assistant: 2, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      withReasoning: 0,
      ...none,
    },
    issues: ['earlier-calls'],
  },
  {
    file: 'inspect-ai.json',
    format: 'inspect-ai',
    counts: {
      messages: 7,
      roles: { system: 1, user: 1, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      withReasoning: 1,
      ...none,
    },
    issues: ['first-sample'],
  },
  {
    file: 'swe-agent.traj',
    format: 'swe-agent',
    counts: {
      messages: 9,
      roles: { system: 1, user: 2, assistant: 3, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      withReasoning: 1,
      ...none,
    },
    issues: ['demonstration'],
  },
  {
    file: 'canonical-compacted.json',
    format: 'canonical',
    counts: {
      messages: 6,
      roles: { system: 1, user: 2, assistant: 2, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      withReasoning: 0,
      summaries: 1,
      images: 0,
    },
    issues: [],
  },
];

describe('fixtures', () => {
  const declared = formatFixtures();

  it('has a fixture for every format, each declared by its importer', () => {
    expect([...declared].filter(([, files]) => files.length === 0).map(([id]) => id)).toEqual([]);
    expect(FORMATS.map((f) => f.id).filter((id) => !declared.has(id))).toEqual([]);
  });

  it('expects exact counts for every declared fixture, each detected as the format that declares it', () => {
    const rows = [...declared].flatMap(([format, files]) => files.map((file) => `${file} ${format}`));
    expect(EXPECTED.map((e) => `${e.file} ${e.format}`).sort()).toEqual(rows.sort());
  });

  for (const expected of EXPECTED) {
    it(`${expected.file} is detected as ${expected.format} and imports with the expected counts`, () => {
      const result = importTranscript(fixture(expected.file), { fileName: expected.file });
      expect(result.format).toBe(expected.format);
      expect(counts(result.messages)).toEqual(expected.counts);
      expect(result.issues.map((i) => i.code)).toEqual(expected.issues);
      expect(result.messages.every((m) => m.source?.line !== undefined || m.source?.path !== undefined)).toBe(
        true,
      );
      expect(new Set(result.messages.map((m) => m.id)).size).toBe(result.messages.length);
    });

    it(`${expected.file} imports identically when streamed in small chunks`, async () => {
      const { importChunks } = await import('./registry');
      const text = fixture(expected.file);
      async function* chunks(): AsyncGenerator<string> {
        for (let i = 0; i < text.length; i += 97) yield text.slice(i, i + 97);
      }
      expect(await importChunks(chunks(), { fileName: expected.file })).toEqual(
        importTranscript(text, { fileName: expected.file }),
      );
    });
  }
});
