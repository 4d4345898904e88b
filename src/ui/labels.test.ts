import { describe, expect, it } from 'vitest';
import { keepsNothingNote } from './labels';

describe('keepsNothingNote', () => {
  it('names the summarized range and no first kept message past the end', () => {
    // 198 messages: the plan's first kept index is 198, one past the last.
    expect(keepsNothingNote(0, 198)).toBe(', #0–#197 summarized');
    expect(keepsNothingNote(0, 198)).not.toContain('198');
    expect(keepsNothingNote(0, 198)).not.toContain('first kept');
  });

  it('starts after a system prompt the plan leaves in place', () => {
    expect(keepsNothingNote(1, 12)).toBe(', #1–#11 summarized');
  });

  it('names one message when only the last one is summarized', () => {
    expect(keepsNothingNote(11, 12)).toBe(', #11 summarized');
  });
});
