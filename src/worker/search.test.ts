import { describe, expect, it } from 'vitest';
import type { Message } from '../core/message';
import { MAX_HITS, matchRanges, searchMessages, searchPattern, snippetAt } from './search';

const msg = (content: string, extra: Partial<Message> = {}): Message => ({
  id: `m${content.length}`,
  role: 'user',
  content,
  ...extra,
});

describe('matchRanges', () => {
  it('finds every occurrence, whatever the case', () => {
    expect(matchRanges('Docs, docs and DOCS', 'docs')).toEqual([
      { start: 0, end: 4 },
      { start: 6, end: 10 },
      { start: 15, end: 19 },
    ]);
  });

  it('takes the query literally: regular expression syntax is text', () => {
    expect(matchRanges('a.b axb (x) [y] a+b $1 ^', 'a.b')).toEqual([{ start: 0, end: 3 }]);
    expect(matchRanges('call f(x) or f(y)', 'f(x)')).toEqual([{ start: 5, end: 9 }]);
    expect(matchRanges('a+b $1 \\d', '\\d')).toEqual([{ start: 7, end: 9 }]);
  });

  it('ignores spaces around the query, and finds nothing for spaces alone', () => {
    expect(matchRanges('a needle here', '  needle ')).toEqual([{ start: 2, end: 8 }]);
    expect(matchRanges('anything', '   ')).toEqual([]);
    expect(searchPattern('   ')).toBeNull();
  });

  it('stops at the limit, so a one-letter query in a huge text stays cheap', () => {
    expect(matchRanges('a'.repeat(10_000), 'a', 1000)).toHaveLength(1000);
  });

  it('matches letters outside ASCII without caring about case', () => {
    expect(matchRanges('ÉCOLE école', 'école')).toEqual([
      { start: 0, end: 5 },
      { start: 6, end: 11 },
    ]);
  });
});

describe('snippetAt', () => {
  it('is the line holding the match', () => {
    const text = 'first line\nthe needle line\nlast';
    const start = text.indexOf('needle');
    expect(snippetAt(text, start, start + 6)).toBe('the needle line');
  });

  it('cuts a long line around the match, marking the cuts', () => {
    const text = `${'x'.repeat(300)}needle${'y'.repeat(300)}`;
    const snippet = snippetAt(text, 300, 306);
    expect(snippet).toBe(`…${'x'.repeat(24)}needle${'y'.repeat(130)}…`);
  });

  it('keeps the start of a long line when the match is near it', () => {
    const text = `ab needle ${'z'.repeat(400)}`;
    expect(snippetAt(text, 3, 9)).toBe(`ab needle ${'z'.repeat(150)}…`);
  });

  it('never cuts an emoji in two', () => {
    const text = `${'🙂'.repeat(100)}needle${'🙂'.repeat(100)}`;
    const start = text.indexOf('needle');
    const snippet = snippetAt(text, start, start + 6);
    expect(snippet).toMatch(/^…(🙂)+needle(🙂)+…$/u);
  });
});

describe('searchMessages', () => {
  const messages = [
    msg('nothing here'),
    msg('Read the DOCS first'),
    msg('', { role: 'assistant', toolCalls: [{ id: 'c', name: 'read_docs', arguments: '{"path":"a"}' }] }),
    msg('plain', { role: 'assistant', reasoning: 'I should check the docs' }),
    msg('no'),
  ];

  it('lists the matching messages in order, with the line of the first match', () => {
    expect(searchMessages(messages, 'docs')).toEqual({
      hits: [
        { index: 1, snippet: 'Read the DOCS first' },
        { index: 2, snippet: 'read_docs' },
        { index: 3, snippet: 'I should check the docs' },
      ],
      capped: false,
    });
  });

  it('finds nothing for an empty query', () => {
    expect(searchMessages(messages, ' ')).toEqual({ hits: [], capped: false });
  });

  it('stops at MAX_HITS and says so', () => {
    const many = Array.from({ length: MAX_HITS + 5 }, (_, i) => msg(`hit ${i}`));
    const result = searchMessages(many, 'hit');
    expect(result.hits).toHaveLength(MAX_HITS);
    expect(result.capped).toBe(true);
    expect(result.hits.at(-1)).toEqual({ index: MAX_HITS - 1, snippet: `hit ${MAX_HITS - 1}` });
  });
});
