import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

const line = (type: string, payload: object): string =>
  JSON.stringify({ timestamp: '2026-03-10T14:00:00.000Z', type, payload });
const message = (role: string, text: string) => ({
  type: 'message',
  role,
  content: [{ type: role === 'assistant' ? 'output_text' : 'input_text', text }],
});

describe('a remote Codex compaction (replacement_history ending in an encrypted compaction item)', () => {
  const result = importTranscript(fixture('codex-remote-compacted.jsonl'));

  it('is the replacement history as Codex sends it next: kept prompts, developer message, then the summary', () => {
    expect(result.messages.map((m) => [m.id, m.role, m.kind, m.content])).toEqual([
      ['L1', 'system', undefined, 'You are Codex, a coding agent. Keep answers short.'],
      ['L12:0', 'user', undefined, 'Why does ledger balance print NaN for empty accounts?'],
      [
        'L12:1',
        'system',
        undefined,
        '<permissions instructions>\nFilesystem sandboxing: workspace-write.\n</permissions instructions>',
      ],
      ['L12:2', 'user', undefined, 'Also make it print two decimals'],
      ['L12:3', 'user', 'summary', '[encrypted compaction summary, 1208 characters]'],
      ['L15', 'user', undefined, 'Now add a test for the empty account'],
      ['L16', 'assistant', undefined, 'Added test/balance.test.ts: an empty account prints 0.00.'],
    ]);
  });

  it('counts the encrypted summary by its size: 1,208 base64 characters are about 227 tokens', () => {
    expect(result.messages.map((m) => m.opaqueTokens ?? 0)).toEqual([0, 0, 0, 0, 227, 0, 0]);
  });

  it('says so in a note, not as a problem', () => {
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'encrypted-summary',
        message:
          'A remote compaction left an encrypted summary: the context is its replacement history as Codex sends it, in order, with the summary counted by its size (an estimate)',
        line: 12,
        count: 1,
      },
    ]);
  });

  it('records one compaction whose context is the instructions and the four replacement messages', () => {
    expect(result.history!.compactions).toEqual([
      {
        atMessage: 7,
        contextAfter: [0, 7, 8, 9, 10],
        trigger: null,
        tokensBefore: null,
        tokensAfter: null,
        durationMs: 2000,
        durationSource: 'timestamps',
        source: 'compacted',
        line: 12,
      },
    ]);
  });

  it('takes the readable summary of a compaction item in place too, with no size estimate', () => {
    const jsonl = [
      line('response_item', message('user', 'old')),
      line('compacted', {
        message: '',
        replacement_history: [
          message('user', 'kept'),
          { type: 'compaction_summary', summary: 'The cart total is fixed.' },
          message('assistant', 'after'),
        ],
      }),
    ].join('\n');
    const { messages, issues } = importTranscript(jsonl, { format: 'codex' });
    expect(messages.map((m) => [m.id, m.role, m.kind, m.content, m.opaqueTokens])).toEqual([
      ['L2:0', 'user', undefined, 'kept', undefined],
      ['L2:1', 'user', 'summary', 'The cart total is fixed.', undefined],
      ['L2:2', 'assistant', undefined, 'after', undefined],
    ]);
    expect(issues).toEqual([]);
  });

  it('a compaction item outside a replacement history still replaces the history before it', () => {
    const jsonl = [
      line('response_item', message('user', 'old')),
      line('response_item', { type: 'compaction', encrypted_content: 'x'.repeat(400) }),
      line('response_item', message('user', 'new')),
    ].join('\n');
    const { messages } = importTranscript(jsonl, { format: 'codex' });
    expect(messages.map((m) => [m.id, m.kind, m.content, m.opaqueTokens])).toEqual([
      ['L2', 'summary', '[encrypted compaction summary, 400 characters]', 75],
      ['L3', undefined, 'new', undefined],
    ]);
  });

  it('a local compaction (message only) still reads as the carried prompts then the summary', () => {
    const jsonl = [
      line('response_item', message('user', 'first request')),
      line('response_item', message('assistant', 'done')),
      line('compacted', { message: 'SUMMARY' }),
    ].join('\n');
    const { messages, issues } = importTranscript(jsonl, { format: 'codex' });
    expect(messages.map((m) => [m.id, m.kind, m.content])).toEqual([
      ['L1', undefined, 'first request'],
      ['L3', 'summary', 'SUMMARY'],
    ]);
    expect(issues).toEqual([]);
  });
});

describe('the all-zero token_count Codex writes around a remote compaction', () => {
  const { history } = importTranscript(fixture('codex-ordinal.jsonl'));

  it('is not a call: the calls are the reply before the compaction and the next real count', () => {
    expect(history!.calls.map((c) => [c.atMessage, c.contextTokens])).toEqual([
      [4, 8200],
      [10, 3100],
    ]);
  });
});
