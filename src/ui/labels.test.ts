import { describe, expect, it } from 'vitest';
import { fateLabel, keepsNothingNote } from './labels';

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

describe('fateLabel', () => {
  it('says "would be" for what depends on compaction firing, while it does not', () => {
    expect(fateLabel('summarized', false)).toBe('would be summarized');
    expect(fateLabel('turn-prefix', false)).toBe('would be a turn prefix');
    expect(fateLabel('cleared', false)).toBe('would be cleared');
  });

  it('names what happens once it fires, and what the file holds either way', () => {
    expect(fateLabel('summarized', true)).toBe('summarized');
    expect(fateLabel('kept', false)).toBe('kept');
    expect(fateLabel('reinjected', false)).toBe('re-injected before the summary');
  });
});
