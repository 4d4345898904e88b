import { describe, expect, it } from 'vitest';
import { mockJudgeReply, mockSummary } from './summary';

describe('the mock as a judge', () => {
  it('answers every probe with the whole summary on one line', () => {
    const prompt =
      '<summary>\n## Goal\nFix src/a.ts\n</summary>\n\n<questions>\n1. First?\n2. Files?\n</questions>\n\nAnswer…';
    expect(mockSummary(prompt, 'mock')).toBe('1. ## Goal Fix src/a.ts\n2. ## Goal Fix src/a.ts');
  });

  it('passes a graded answer that says something and fails one that does not', () => {
    const grade = (answer: string) =>
      mockJudgeReply(
        `<source>\n[user] x\n</source>\n\n<question>\nWhy?\n</question>\n\n<answer>\n${answer}\n</answer>\n\nReply`,
      );
    expect([grade('Kept UTC.'), grade('not in the summary')]).toEqual([
      'PASS: the answer states what was decided.',
      'FAIL: the answer does not say.',
    ]);
  });

  it('leaves a summarization request to the summary', () => {
    expect(mockJudgeReply('<conversation>\n[User]: hi\n</conversation>')).toBeUndefined();
  });
});
