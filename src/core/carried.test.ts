/**
 * A message whose text did not travel (a minimal share link) is measured by
 * the counts that travelled with it, in every place the core measures.
 */
import { describe, expect, it } from 'vitest';
import { analyze, shapeOf } from './analysis';
import { createEstimator } from './estimate';
import { applyClearings } from './applyClearings';
import { toolShapeOf } from './harness/toolShape';
import type { Message } from './message';

const chars4 = createEstimator('chars4', () => 0);

const call = { id: 'c1', name: 'Read', arguments: '' };
const withText: Message[] = [
  { id: 'u', role: 'user', content: 'x'.repeat(400) },
  {
    id: 'a',
    role: 'assistant',
    content: '',
    reasoning: 'r'.repeat(40),
    toolCalls: [{ ...call, arguments: 'a'.repeat(80) }],
  },
  { id: 't', role: 'tool', content: 'line\n'.repeat(100), toolCallId: 'c1', toolName: 'Read' },
];
const withoutText: Message[] = [
  { id: 'u', role: 'user', content: '', carried: { tokens: 100, excerpt: 'none' } },
  {
    id: 'a',
    role: 'assistant',
    content: '',
    toolCalls: [call],
    carried: { tokens: 31, reasoning: 10, arguments: [20], excerpt: 'none' },
  },
  {
    id: 't',
    role: 'tool',
    content: 'line',
    toolCallId: 'c1',
    toolName: 'Read',
    carried: { tokens: 125, bare: 0, masked: 11, chars: 500, excerpt: 'part' },
  },
];

describe('carried counts', () => {
  it('stand in for the text in message counts, field counts and list counts', () => {
    expect(withText.map((m) => chars4.countMessage(m))).toEqual([100, 31, 125]);
    expect(withoutText.map((m) => chars4.countMessage(m))).toEqual([100, 31, 125]);
    expect(chars4.countFields(withoutText[1])).toEqual({ reasoning: 10, arguments: [20] });
    expect(chars4.countMessages(withoutText)).toBe(256);
  });

  it('give the clearing rules the sizes the whole output had', () => {
    const shape = toolShapeOf(withoutText, chars4);
    expect([shape.bare[2], shape.masked[2], shape.chars[2], shape.reasoning[1], shape.argTokens[2]]).toEqual([
      0, 11, 500, 10, 20,
    ]);
    expect(shape.chars[2]).toBe(toolShapeOf(withText, chars4).chars[2]);
  });

  it('make the analysis of every strategy the same as with the text', () => {
    const settings = {
      tokenizer: 'chars4' as const,
      maxContextTokens: 300,
      reserveTokens: 50,
      keepRecentTokens: 100,
    };
    const full = analyze(shapeOf(withText, chars4), settings);
    const counted = analyze(shapeOf(withoutText, chars4), settings);
    expect(counted).toEqual(full);
  });

  it('follow a clearing: a cleared message counts what the plan says it has left', () => {
    const cleared = applyClearings(withoutText, {
      cleared: [{ index: 2, tokensBefore: 125, tokensAfter: 10 }],
      edits: [{ output: { kind: 'mask' } }],
    });
    expect(chars4.countMessage(cleared[2])).toBe(10);
    expect(cleared[0]).toBe(withoutText[0]);
  });
});
