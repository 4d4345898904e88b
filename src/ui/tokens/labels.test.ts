import { describe, expect, it } from 'vitest';
import {
  cutLegendText,
  cutTabText,
  cutHoverText,
  cutValueText,
  keepHoverText,
  keepTabText,
  keepValueText,
  markerLabel,
  stripSummary,
  tooltipText,
} from './labels';

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

describe('aria values', () => {
  const roles = ['system', 'user', 'assistant', 'tool', 'assistant'] as const;

  it('name the budget for the handle, and say when it is more than there is', () => {
    expect(keepValueText(20_000, 27_904, true)).toBe('budget 20,000 tokens');
    expect(keepValueText(1, 27_904, true)).toBe('budget 1 token');
    expect(keepValueText(20_000, 70, false)).toBe(
      'budget 20,000 tokens, more than the 70 there are: all kept',
    );
  });

  it('say so when the chosen strategy cuts by its own rule, whatever the budget', () => {
    expect(keepValueText(20_000, 27_904, true, 'claude-code')).toBe(
      'budget 20,000 tokens; the claude-code strategy does not cut by it',
    );
  });

  it("the handle's tab says a preset ignores the budget, and a cut rule has no place to cut", () => {
    expect(keepTabText(20_000, true, 'budget', true)).toBe('budget 20,000');
    expect(keepTabText(20_000, false, 'claude-code', false)).toBe('budget 20,000 · ignored by claude-code');
    // A one-message file: the budget strategy does not ignore its budget, nothing can be cut.
    expect(keepTabText(20_000, false, 'budget', true)).toBe('budget 20,000 · no place to cut');
  });

  it('name the first kept message for the cut line', () => {
    expect(cutValueText(2, 1, roles, 1_500)).toBe('first kept #2 (assistant), 1,500 tokens kept');
    expect(cutValueText(4, 1, roles, 1)).toBe('first kept #4 (assistant), 1 token kept');
    expect(cutValueText(1, 1, roles, 1_800)).toBe('nothing compacted: all 1,800 tokens from #1 kept');
    expect(cutValueText(5, 1, roles, 0)).toBe('after the last message, nothing kept');
  });

  it('count one message or token in the singular', () => {
    expect(stripSummary(1, 1, 1, 0)).toBe('1 message, 1 token; cut after the last message');
    expect(stripSummary(198, 130_834, 185, 13_134)).toBe(
      '198 messages, 130,834 tokens; cut before #185, 13,134 tokens kept',
    );
    expect(tooltipText(4, 'tool', false, 1, '')).toBe('#4 · tool · 1 token');
  });
});

describe('the cut tab', () => {
  it('says "would cut" while the strategy does not fire, "cut" once it does', () => {
    expect(cutTabText(185, 1, 198, false)).toBe('would cut #185');
    expect(cutTabText(185, 1, 198, true)).toBe('cut #185');
    expect(cutTabText(9, 0, 9, false)).toBe('would cut: end');
    expect(cutTabText(1, 1, 7, false)).toBe('no cut');
  });

  it('is named in the legend as the tab names it: a cut, one at the end, or none', () => {
    expect(cutLegendText(185, 1, 198, true)).toBe('cut: the first kept message');
    expect(cutLegendText(185, 1, 198, false)).toBe('where it would cut: the first message it would keep');
    expect(cutLegendText(9, 0, 9, false)).toBe(
      'where it would cut, at the end: every message before it would be summarized',
    );
    expect(cutLegendText(9, 0, 9, true)).toBe(
      'cut at the end: every message before it summarized, none kept verbatim',
    );
    expect(cutLegendText(1, 1, 7, false)).toBe(
      'no cut: nothing before the line to compact, every message kept',
    );
  });
});
