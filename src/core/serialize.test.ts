import { describe, expect, it } from 'vitest';
import { assistant, call, chars, toolResult, user } from './__fixtures__/transcripts';
import { renderToolArgs, serializeConversation, truncate } from './serialize';

describe('serializeConversation', () => {
  const read = call('c1', 'read', { path: 'a.ts' });

  it('cuts a long tool result to 2000 characters with a note of the rest', () => {
    expect(serializeConversation([toolResult(read, chars(5000))])).toBe(
      `[Tool result read]: ${chars(2000)}\n\n[... 3000 more characters truncated]`,
    );
  });

  it('leaves a tool result under the cap as it is', () => {
    expect(serializeConversation([toolResult(read, chars(1500))])).toBe(`[Tool result read]: ${chars(1500)}`);
  });

  it('cuts user and assistant text at 4000 characters', () => {
    expect(serializeConversation([user(chars(5000))])).toBe(
      `[User]: ${chars(4000)}\n\n[... 1000 more characters truncated]`,
    );
  });

  it('writes thinking, text and tool calls of an assistant message in that order', () => {
    const m = {
      ...assistant('Reading it.', [read, call('c2', 'shell', { cmd: 'ls', cwd: '/' })]),
      reasoning: 'hmm',
    };
    expect(serializeConversation([user('go'), m])).toBe(
      '[User]: go\n\n[Assistant thinking]: hmm\n\n[Assistant]: Reading it.\n\n' +
        '[Assistant tool calls]: read(path="a.ts"); shell(cmd="ls", cwd="/")',
    );
  });

  it('skips system messages and empty texts', () => {
    expect(
      serializeConversation([{ id: 's', role: 'system', content: 'sys' }, user('  '), assistant('ok')]),
    ).toBe('[Assistant]: ok');
  });
});

describe('serializeConversation on a long run made before', () => {
  const run = Array.from({ length: 80 }, (_, i) => user(`message ${i}`));

  it('gives the same transcript again, also for a copy of the list', () => {
    const first = serializeConversation(run);
    expect(first.split('\n\n')).toHaveLength(80);
    expect(serializeConversation([...run])).toBe(first);
  });

  it('is not taken for a run with one message replaced, even by one with the same text', () => {
    const before = serializeConversation(run);
    const replaced = [...run];
    replaced[40] = user('message forty, cleared');
    expect(serializeConversation(replaced)).toBe(before.replace('message 40', 'message forty, cleared'));
    const same = [...run];
    same[40] = { ...run[40]!, content: 'changed in place of a copy' };
    expect(serializeConversation(same)).toContain('[User]: changed in place of a copy');
  });

  it('is not changed when the list it was made from changes afterwards', () => {
    const list = Array.from({ length: 70 }, (_, i) => user(`entry ${i}`));
    const made = serializeConversation(list);
    list[3] = user('entry three, replaced');
    expect(serializeConversation(list)).not.toBe(made);
    expect(serializeConversation(list)).toContain('entry three, replaced');
  });
});

describe('renderToolArgs', () => {
  it('sorts keys and cuts each value to 400 characters', () => {
    const args = JSON.stringify({ path: '/w/out.html', content: chars(1000) });
    expect(renderToolArgs(args)).toBe(
      `content="${chars(399)}\n\n[... 602 more characters truncated], path="/w/out.html"`,
    );
  });

  it('shows arguments nested deeper than JSON.stringify can go as their text, cut short', () => {
    const args = `{"path": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(renderToolArgs(args)).toBe(truncate(args, 400));
  });

  it('passes through arguments that are not a JSON object', () => {
    expect(renderToolArgs('[1,2]')).toBe('[1,2]');
    expect(renderToolArgs('{"path": "/trunc')).toBe('{"path": "/trunc');
  });
});

describe('truncate', () => {
  it('counts characters, not UTF-16 units, so an emoji is never cut in half', () => {
    expect(truncate('😀😀😀', 2)).toBe('😀😀\n\n[... 1 more characters truncated]');
  });

  it('keeps a text of as many characters as the limit whole, though it has more UTF-16 units', () => {
    expect(truncate('😀😀😀', 3)).toBe('😀😀😀');
  });

  it('counts a lone surrogate as one character, as the string iterator does', () => {
    expect(truncate('a\ud800b\udc00c', 3)).toBe('a\ud800b\n\n[... 2 more characters truncated]');
  });

  it('cuts every text as cutting its array of code points would', () => {
    const alphabet = ['a', ' ', '😀', '\ud800', '\udc00', 'é', '\n'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 500; run++) {
      const text = Array.from({ length: next() % 30 }, () => alphabet[next() % alphabet.length]).join('');
      const max = next() % 20;
      const chars = Array.from(text.trim());
      const expected =
        chars.length <= max
          ? text.trim()
          : `${chars.slice(0, max).join('')}\n\n[... ${chars.length - max} more characters truncated]`;
      expect(truncate(text, max)).toBe(expected);
    }
  });
});
