import { describe, expect, it } from 'vitest';
import type { Message } from '../core/message';
import {
  INITIAL_INSTRUCTIONS,
  TURN_PREFIX_INSTRUCTIONS,
  UPDATE_INSTRUCTIONS,
  buildSummarizationPrompt,
} from '../core/prompts';
import type { SummaryRequest } from '../core/summarizer';
import { OFFLINE_NOTICE, createOfflineSummarizer, fitLines, offlineSummary } from './offline';
import { collect } from './testing/fakeFetch';

const call = (id: string, name: string, args: object) => ({ id, name, arguments: JSON.stringify(args) });

const TRANSCRIPT: Message[] = [
  { id: '1', role: 'user', content: 'Add a --json flag to the CLI. Do not change the default output.' },
  {
    id: '2',
    role: 'assistant',
    content: 'Let me look at the CLI.',
    toolCalls: [
      call('a', 'read_file', { path: 'src/cli/main.ts' }),
      call('b', 'read', { file_path: 'README.md' }),
    ],
  },
  { id: '3', role: 'tool', toolCallId: 'a', toolName: 'read_file', content: 'export function main() {}' },
  { id: '4', role: 'tool', toolCallId: 'b', toolName: 'read', content: '# CLI' },
  {
    id: '5',
    role: 'assistant',
    content: '',
    toolCalls: [
      call('c', 'edit_file', { path: 'src/cli/main.ts', old: 'a', new: 'b' }),
      call('d', 'bash', { command: 'npm test' }),
    ],
  },
  { id: '6', role: 'tool', toolCallId: 'c', toolName: 'edit_file', content: 'ok' },
  {
    id: '7',
    role: 'tool',
    toolCallId: 'd',
    toolName: 'bash',
    content: 'FAIL src/cli/main.test.ts\nError: expected 1 to be 2',
  },
  { id: '8', role: 'user', content: 'Now fix the failing test.' },
];

const historyPrompt = buildSummarizationPrompt(TRANSCRIPT, 0, '', INITIAL_INSTRUCTIONS);

const EXPECTED_HISTORY = `${OFFLINE_NOTICE}

## Goal
Add a --json flag to the CLI. Do not change the default output.

## Constraints & Preferences
- Do not change the default output.

## Progress
### Done
- [x] Used tools: bash (1), edit_file (1), read (1), read_file (1)
- [x] Read: README.md
- [x] Modified: src/cli/main.ts

### In Progress
- [ ] Now fix the failing test.

### Blocked
- bash: Error: expected 1 to be 2

## Key Decisions
- (not extracted offline)

## Next Steps
1. Continue with the last request: "Now fix the failing test."

## Critical Context
- Last command: npm test
- Last assistant reply: "Let me look at the CLI."
- Summarized 2 user messages, 1 assistant reply and 4 tool results.`;

function request(part: SummaryRequest['part'], prompt: string, maxTokens = 4000): SummaryRequest {
  return {
    part,
    system: 'You summarize.',
    prompt,
    maxTokens,
    temperature: 0.3,
    signal: new AbortController().signal,
  };
}

describe('offlineSummary', () => {
  it('writes the summary sections from the transcript: goal, constraints, tools, files, errors, last request', () => {
    expect(offlineSummary(request('history', historyPrompt))).toBe(EXPECTED_HISTORY);
  });

  it('says on its first line that no model wrote it', () => {
    expect(offlineSummary(request('history', historyPrompt)).split('\n')[0]).toBe(
      'This summary was generated offline by the playground from the transcript itself, not written by a model.',
    );
  });

  it('writes the turn-prefix sections for a turn prefix', () => {
    const prompt = buildSummarizationPrompt(TRANSCRIPT.slice(0, 7), 0, '', TURN_PREFIX_INSTRUCTIONS);
    expect(offlineSummary(request('turn-prefix', prompt))).toBe(`${OFFLINE_NOTICE}

## Original Request
Add a --json flag to the CLI. Do not change the default output.

## Early Progress
- Used tools: bash (1), edit_file (1), read (1), read_file (1)
- Read: README.md
- Modified: src/cli/main.ts

## Context for Suffix
- Last command: npm test
- Last assistant reply: "Let me look at the CLI."
- Error seen: bash: Error: expected 1 to be 2
- Summarized 1 user message, 1 assistant reply and 4 tool results.`);
  });

  it('merges a previous summary: keeps its goal and decisions, moves its open work to done, adds up tool counts', () => {
    const previous = `${EXPECTED_HISTORY.replace('- (not extracted offline)', '- **JSON via a flag**: keeps scripts working')}\n\n<read-files>\ndocs/cli.md\n</read-files>`;
    const newer: Message[] = [
      {
        id: '9',
        role: 'assistant',
        content: 'Fixed the assertion.',
        toolCalls: [call('e', 'edit_file', { path: 'src/cli/main.test.ts' })],
      },
      { id: '10', role: 'tool', toolCallId: 'e', toolName: 'edit_file', content: 'ok' },
      { id: '11', role: 'user', content: 'Update the changelog.' },
    ];
    const prompt = buildSummarizationPrompt(newer, 0, previous, UPDATE_INSTRUCTIONS);
    expect(offlineSummary(request('history', prompt))).toBe(`${OFFLINE_NOTICE}

## Goal
Add a --json flag to the CLI. Do not change the default output.

## Constraints & Preferences
- Do not change the default output.

## Progress
### Done
- [x] Now fix the failing test.
- [x] Used tools: edit_file (2), bash (1), read (1), read_file (1)
- [x] Read: docs/cli.md, README.md
- [x] Modified: src/cli/main.ts, src/cli/main.test.ts

### In Progress
- [ ] Update the changelog.

### Blocked
- (none)

## Key Decisions
- **JSON via a flag**: keeps scripts working

## Next Steps
1. Continue with the last request: "Update the changelog."

## Critical Context
- Last command: npm test
- Last assistant reply: "Fixed the assertion."
- Summarized 1 user message, 1 assistant reply and 1 tool result.`);
  });

  it('stays within about maxTokens × 4 characters and never ends on a heading', () => {
    const text = offlineSummary(request('history', historyPrompt, 60));
    expect(text.length).toBeLessThanOrEqual(240);
    expect(text.split('\n').at(-1)).not.toMatch(/^#/);
    expect(text).toBe(`${OFFLINE_NOTICE}

## Goal
Add a --json flag to the CLI. Do not change the default output.

## Constraints & Preferences
- Do not change the default out…`);
  });
});

describe('fitLines', () => {
  it('cuts the first content line that does not fit, with an ellipsis, and keeps nothing after it', () => {
    expect(fitLines(['notice', '## Goal', 'a'.repeat(50), '## Next Steps', '1. b'], 40)).toEqual([
      'notice',
      '## Goal',
      `${'a'.repeat(24)}…`,
    ]);
  });

  it('drops a heading that would be left without content', () => {
    expect(fitLines(['notice', '## Goal', 'short', '', '## Next Steps', 'x'.repeat(100)], 38)).toEqual([
      'notice',
      '## Goal',
      'short',
    ]);
  });
});

describe('createOfflineSummarizer', () => {
  it('streams the summary in several chunks, then finish stop and usage estimated at 4 characters a token', async () => {
    const chunks = await collect(createOfflineSummarizer().stream(request('history', historyPrompt)));
    const texts = chunks.flatMap((c) => (c.type === 'text' ? [c.text] : []));
    expect(texts.length).toBeGreaterThan(3);
    expect(texts.join('')).toBe(EXPECTED_HISTORY);
    expect(chunks[0]).toEqual({ type: 'response', model: 'offline' });
    expect(chunks.slice(-2)).toEqual([
      { type: 'finish', reason: 'stop' },
      {
        type: 'usage',
        usage: {
          promptTokens: Math.ceil(14 / 4) + Math.ceil(historyPrompt.length / 4),
          completionTokens: Math.ceil(EXPECTED_HISTORY.length / 4),
        },
      },
    ]);
  });

  it('unpaced, gives the same chunks without waiting a turn of the event loop between sections', async () => {
    let turned = false;
    setTimeout(() => (turned = true), 0);
    const unpaced = await collect(
      createOfflineSummarizer({ paced: false }).stream(request('history', historyPrompt)),
    );
    expect(turned).toBe(false);
    expect(unpaced).toEqual(
      await collect(createOfflineSummarizer().stream(request('history', historyPrompt))),
    );
    expect(turned).toBe(true);
  });

  it('stops with the abort reason when the signal aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped');
    const chunks: string[] = [];
    const run = async () => {
      for await (const chunk of createOfflineSummarizer().stream({
        ...request('history', historyPrompt),
        signal: controller.signal,
      })) {
        chunks.push(chunk.type);
        if (chunk.type === 'text') controller.abort(reason);
      }
    };
    await expect(run()).rejects.toBe(reason);
    expect(chunks).toEqual(['response', 'text']);
  });

  it('is labelled offline', () => {
    expect(createOfflineSummarizer().label).toBe('offline');
  });
});
