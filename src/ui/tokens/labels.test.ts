import { describe, expect, it } from 'vitest';
import { cutHoverText, keepHoverText, markerLabel, tooltipText } from './labels';

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

describe('slider tooltips', () => {
  const roles = ['system', 'user', 'assistant', 'tool'] as const;

  it('name the budget for the handle', () => {
    expect(keepHoverText(20_000)).toBe('keep-recent budget 20,000 tokens · drag to change');
    expect(keepHoverText(1)).toBe('keep-recent budget 1 token · drag to change');
  });

  it('name the cut for the cut line, and say when nothing is cut', () => {
    expect(cutHoverText(2, 1, roles, 1_500)).toBe(
      'cut before #2 (assistant) · 1,500 tokens kept · drag to move',
    );
    expect(cutHoverText(1, 1, roles, 1_800)).toBe('no cut: all 1,800 tokens from #1 kept · drag to move');
    expect(cutHoverText(4, 1, roles, 0)).toBe('cut after the last message · drag to move');
  });
});
