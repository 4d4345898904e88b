import { describe, expect, it } from 'vitest';
import { progressLabel, urlSourceName } from './loadText';

describe('the words of a load under way', () => {
  it('gives a measured phase its whole percentage, capped at 100', () => {
    expect(progressLabel({ phase: 'reading', done: 512, total: 2048 })).toBe('Reading 25%');
    expect(progressLabel({ phase: 'importing', done: 999, total: 1000 })).toBe('Importing 99%');
    expect(progressLabel({ phase: 'tokenizing', done: 12, total: 10 })).toBe('Counting tokens 100%');
  });

  it('says 0% before anything is read, and the bytes read when the total is not known', () => {
    expect(progressLabel({ phase: 'reading', done: 0, total: 0 })).toBe('Reading 0%');
    expect(progressLabel({ phase: 'reading', done: 1536, total: 0 })).toBe('Reading 1.5 KB');
    expect(progressLabel({ phase: 'reading', done: 900, total: 0 })).toBe('Reading 900 B');
  });
});

describe('the name of a transcript opened from an address', () => {
  it('is the last segment of its path', () => {
    expect(urlSourceName('https://example.test/runs/session-7.jsonl')).toBe('session-7.jsonl');
  });

  it('is the whole address when the path ends in a slash', () => {
    expect(urlSourceName('https://example.test/runs/')).toBe('https://example.test/runs/');
  });
});
