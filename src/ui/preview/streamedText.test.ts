import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_TEXT, appendText, joinParts, wholeText, type StreamedText } from './streamedText';

const streamed = (...deltas: string[]): StreamedText => deltas.reduce(appendText, NO_TEXT);

describe('a summary as it streams', () => {
  it('keeps the finished lines and the open one apart', () => {
    expect(streamed('## Go', 'al\nFix the ', 'test.\n', '- a')).toEqual({
      lines: ['## Goal', 'Fix the test.'],
      open: '- a',
    });
  });

  it('passes the finished lines on as they were while the open line grows', () => {
    const before = streamed('## Goal\nFix');
    const after = appendText(before, ' the test');
    expect(after.lines).toBe(before.lines);
    expect(after.open).toBe('Fix the test');
  });

  it('is the text streamed, however the deltas cut it', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[ab\n]{0,6}$/), { maxLength: 20 }), (deltas) => {
        expect(wholeText(streamed(...deltas))).toBe(deltas.join(''));
      }),
    );
  });

  it('joins the two parts below a rule, as the stored summary does', () => {
    const history = streamed('## Goal\nShip it.');
    const prefix = streamed('## Original Request\n"Fix it"');
    expect(wholeText(joinParts(history, prefix))).toBe(
      '## Goal\nShip it.\n\n---\n\n## Original Request\n"Fix it"',
    );
    expect(joinParts(history, NO_TEXT)).toBe(history);
    expect(joinParts(NO_TEXT, prefix)).toBe(prefix);
  });
});
