import { describe, expect, it } from 'vitest';
import { findBoundary } from './prepare';
import { envelopeSource, isSummaryMessage, summaryMessage, unwrapSummary } from './summaryEnvelope';

describe('summary envelope', () => {
  it('wraps a summary in a user message marked as a summary', () => {
    const m = summaryMessage('## Goal\nship it');
    expect(m.role).toBe('user');
    expect(m.kind).toBe('summary');
    expect(m.content).toBe(
      'Earlier turns of this conversation were condensed into the summary below.\n\n<summary>\n## Goal\nship it\n</summary>',
    );
    expect(unwrapSummary(m.content)).toBe('## Goal\nship it');
  });

  it('recognizes the envelopes pi and WeKnora write, by their lead-in', () => {
    const pi =
      'The conversation history before this point was compacted into the following summary:\n\n<summary>\nold\n</summary>';
    expect(envelopeSource(pi)).toBe('pi / WeKnora');
    expect(isSummaryMessage({ id: 'a', role: 'user', content: pi })).toBe(true);
    expect(unwrapSummary(pi)).toBe('old');
  });

  it('does not take pi’s branch summary for a compaction summary: it tells of an abandoned branch', () => {
    const branch =
      'The following is a summary of a branch that this conversation came back from:\n\n<summary>\nside trip</summary>';
    expect(envelopeSource(branch)).toBeNull();
    expect(isSummaryMessage({ id: 'b', role: 'user', content: branch })).toBe(false);
    expect(findBoundary([{ id: 'b', role: 'user', content: branch }])).toEqual({ start: 0, summaryIdx: -1 });
  });

  it('does not take a user quoting a summary tag for a summary', () => {
    expect(isSummaryMessage({ id: 'a', role: 'user', content: 'what does <summary> do?' })).toBe(false);
    expect(isSummaryMessage({ id: 'a', role: 'assistant', content: summaryMessage('x').content })).toBe(
      false,
    );
  });

  it('unwraps to the last closing tag, or to the end when it is missing', () => {
    expect(unwrapSummary('<summary>a </summary> b </summary>')).toBe('a </summary> b');
    expect(unwrapSummary('lead <summary>\n open ended')).toBe('open ended');
    expect(unwrapSummary('  no tags  ')).toBe('no tags');
  });
});
