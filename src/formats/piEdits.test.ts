import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

const header = JSON.stringify({ type: 'session', version: 3, id: 'h', timestamp: 't', cwd: '/p' });
const message = (id: string, parentId: string | null, body: object): string =>
  JSON.stringify({ type: 'message', id, parentId, timestamp: 't', message: body });
const edit = (id: string, parentId: string, targetId: string, replacement: object | null): string =>
  JSON.stringify({ type: 'context_edit', id, parentId, timestamp: 't', targetId, replacement });

describe('pi 1.6 context_edit replacing an assistant reply', () => {
  const result = importTranscript(fixture('pi-context-edit.jsonl'));

  it('sends the reply with the replacement as its whole content: no thinking, no tool call', () => {
    expect(
      result.messages.map((m) => [m.id, m.role, m.content, m.reasoning, m.toolCalls?.map((c) => c.id) ?? []]),
    ).toEqual([
      ['b1c2d3e4', 'user', 'Find where the index is rebuilt', undefined, []],
      ['c2d3e4f5', 'assistant', '(searched for rebuildIndex)', undefined, []],
      ['d3e4f5a6', 'tool', 'src/index.ts:42: export function rebuildIndex()', undefined, []],
      ['e4f5a6b7', 'assistant', 'It is rebuilt in src/index.ts, line 42.', undefined, []],
      ['a6b7c8d9', 'user', 'Make it incremental', undefined, []],
    ]);
  });

  it('notes the replaced reply, and the result pi still sends for the call that went', () => {
    expect(result.issues.map((i) => [i.severity, i.code, i.message])).toEqual([
      [
        'info',
        'reply-replaced',
        '1 assistant reply replaced by a context_edit sends only the new content: the thinking and tool calls went with the old text, as pi sends them',
      ],
      ['warning', 'orphan-tool-result', 'Tool results that answer no earlier tool call'],
    ]);
  });

  it('keeps the replaced reply in the history with its usage: the call it was still happened', () => {
    expect(result.history!.calls.map((c) => c.atMessage)).toEqual([1, 3]);
  });

  it('a replacement that keeps a tool call block keeps that call, and no note is written', () => {
    const jsonl = [
      header,
      message('u1', null, { role: 'user', content: 'go' }),
      message('a1', 'u1', {
        role: 'assistant',
        content: [
          { type: 'text', text: 'long explanation' },
          { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'a.ts' } },
        ],
      }),
      message('t1', 'a1', { role: 'toolResult', toolCallId: 'c1', toolName: 'read', content: 'body' }),
      edit('e1', 't1', 'a1', {
        content: [
          { type: 'text', text: 'short' },
          { type: 'toolCall', id: 'c1', name: 'read', arguments: { path: 'a.ts' } },
        ],
      }),
    ].join('\n');
    const { messages, issues } = importTranscript(jsonl);
    expect(messages.map((m) => [m.id, m.content, m.toolCalls?.map((c) => c.id) ?? []])).toEqual([
      ['u1', 'go', []],
      ['a1', 'short', ['c1']],
      ['t1', 'body', []],
    ]);
    expect(issues).toEqual([]);
  });

  it('the newest edit of an entry wins, and an edit of a `!` command leaves it as it was', () => {
    const jsonl = [
      header,
      message('u1', null, { role: 'user', content: 'first' }),
      edit('e1', 'u1', 'u1', { content: 'edited once' }),
      message('b1', 'e1', { role: 'bashExecution', command: 'ls', output: 'a.ts', exitCode: 0 }),
      edit('e2', 'b1', 'u1', { content: 'edited twice' }),
      edit('e3', 'e2', 'b1', { content: 'not applied' }),
    ].join('\n');
    expect(importTranscript(jsonl).messages.map((m) => m.content)).toEqual([
      'edited twice',
      'Ran `ls`\n```\na.ts\n```',
    ]);
  });
});
