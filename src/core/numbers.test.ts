import { describe, expect, it } from 'vitest';
import { countOf, formatBytes, formatCount } from './numbers';

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe('formatBytes', () => {
  it('says bytes below a kilobyte as they are', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('uses the largest unit the size reaches, in units of 1,024', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(200 * MB)).toBe('200.0 MB');
    expect(formatBytes(201 * MB)).toBe('201.0 MB');
    expect(formatBytes(GB)).toBe('1.0 GB');
    expect(formatBytes(2 * GB)).toBe('2.0 GB');
    expect(formatBytes(5 * GB + 512 * MB)).toBe('5.5 GB');
  });

  it('picks the unit after rounding, so a size just under the next unit is not 1024.0 of this one', () => {
    expect(formatBytes(MB - 1)).toBe('1.0 MB');
    expect(formatBytes(GB - 1)).toBe('1.0 GB');
    expect(formatBytes(MB - 60)).toBe('1023.9 KB');
  });
});

describe('formatCount', () => {
  it('groups thousands', () => expect(formatCount(27_904)).toBe('27,904'));
});

describe('countOf', () => {
  it('says one in the singular and every other count in the plural', () => {
    expect([countOf(1, 'call'), countOf(0, 'call'), countOf(1_204, 'call')]).toEqual([
      '1 call',
      '0 calls',
      '1,204 calls',
    ]);
    expect(countOf(1, 'summary', 'summaries')).toBe('1 summary');
  });
});
