import { describe, expect, it } from 'vitest';
import { markerLabel, tooltipText } from './labels';

describe('marker labels', () => {
  it('names the strategy and its tokens after', () => {
    expect(markerLabel('pi', 41_200, false)).toBe('pi · 41,200 after');
    expect(markerLabel('turns', 0, true)).toBe('turns · nothing to compact');
  });
});

describe('tooltip', () => {
  it('reads index, role, tokens and the first line as plain text', () => {
    expect(tooltipText(3, 'tool', false, 1000, 'ls -la')).toBe('#3 · tool · 1,000 tokens · ls -la');
    expect(tooltipText(0, 'user', true, 12_345, '<b>hi</b>')).toBe(
      '#0 · user (summary) · 12,345 tokens · <b>hi</b>',
    );
    expect(tooltipText(7, 'assistant', false, 5, '')).toBe('#7 · assistant · 5 tokens');
  });
});
