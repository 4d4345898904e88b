import { describe, expect, it } from 'vitest';
import { renderToolCalls } from '../core/serialize';
import { parsePrompt, parseToolCalls, parseTranscript } from './transcript';

describe('parseTranscript', () => {
  it('splits the transcript into labelled parts, keeping blank lines inside a part', () => {
    const text =
      '[User]: Fix it.\n\nPlease.\n\n[Assistant thinking]: Hm.\n\n[Assistant]: On it.\n\n[Assistant tool calls]: bash(command="ls")\n\n[Tool result bash]: a.ts';
    expect(parseTranscript(text)).toEqual([
      { kind: 'user', text: 'Fix it.\n\nPlease.' },
      { kind: 'thinking', text: 'Hm.' },
      { kind: 'assistant', text: 'On it.' },
      { kind: 'tool-calls', text: 'bash(command="ls")' },
      { kind: 'tool-result', toolName: 'bash', text: 'a.ts' },
    ]);
  });
});

describe('parsePrompt', () => {
  it('reads the conversation, the previous summary and the omission note', () => {
    const prompt =
      '<conversation>\n[3 earlier messages are not shown: they did not fit.]\n\n[User]: Go on.\n</conversation>\n\n<previous-summary>\n## Goal\nX\n</previous-summary>\n\nInstructions.';
    expect(parsePrompt(prompt)).toEqual({
      parts: [{ kind: 'user', text: 'Go on.' }],
      previousSummary: '## Goal\nX',
      omitted: 3,
    });
  });
});

describe('parseToolCalls', () => {
  it('recovers names and JSON arguments from the rendered form', () => {
    const rendered = renderToolCalls([
      {
        id: '1',
        name: 'edit_file',
        arguments: JSON.stringify({ path: 'src/a.ts', edits: [{ old: 'a, b)', new: 'c' }] }),
      },
      { id: '2', name: 'bash', arguments: JSON.stringify({ command: 'npm test; echo "done"', timeout: 30 }) },
    ]);
    expect(parseToolCalls(rendered)).toEqual([
      { name: 'edit_file', args: { edits: [{ old: 'a, b)', new: 'c' }], path: 'src/a.ts' } },
      { name: 'bash', args: { command: 'npm test; echo "done"', timeout: 30 } },
    ]);
  });

  it('keeps the arguments after a value that was cut short', () => {
    const rendered = renderToolCalls([
      {
        id: '1',
        name: 'write_file',
        arguments: JSON.stringify({ content: 'x'.repeat(1000), file_path: 'big.txt' }),
      },
    ]);
    const [call] = parseToolCalls(rendered);
    expect(call.name).toBe('write_file');
    expect(call.args.file_path).toBe('big.txt');
    expect(String(call.args.content)).toMatch(/^x+$/);
  });
});
