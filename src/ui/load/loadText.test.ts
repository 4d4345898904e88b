import { describe, expect, it } from 'vitest';
import { formatChoice, openSample, progressLabel, urlSourceName } from './loadText';

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

interface Sample {
  id: string;
  file: string;
}
const SAMPLES: Sample[] = [
  { id: 'cc', file: 'cc.jsonl' },
  { id: 'pi', file: 'pi.jsonl' },
];
const urlOf = (s: Sample) => `https://page.test/samples/${s.file}`;

describe('the sample the Samples list shows as open', () => {
  it('is the sample whose address the transcript was loaded from', () => {
    const request = {
      source: { kind: 'url' as const, url: 'https://page.test/samples/pi.jsonl' },
      sourceName: 'pi.jsonl',
      origin: 'sample' as const,
    };
    expect(openSample(request, SAMPLES, urlOf)).toBe('pi');
  });

  it('is none for a file, a paste, another address or nothing loaded', () => {
    const file = new File(['{}'], 'mine.jsonl');
    expect(openSample({ source: { kind: 'file', file }, sourceName: 'mine.jsonl' }, SAMPLES, urlOf)).toBe('');
    expect(
      openSample({ source: { kind: 'text', text: '{}' }, sourceName: 'Pasted text' }, SAMPLES, urlOf),
    ).toBe('');
    expect(
      openSample(
        { source: { kind: 'url', url: 'https://elsewhere.test/cc.jsonl' }, sourceName: 'cc.jsonl' },
        SAMPLES,
        urlOf,
      ),
    ).toBe('');
    expect(openSample(null, SAMPLES, urlOf)).toBe('');
  });
});

describe('what the Format list shows', () => {
  it('is the detected format, or the one the user asked for', () => {
    const file = new File(['{}'], 'mine.jsonl');
    expect(formatChoice({ source: { kind: 'file', file }, sourceName: 'mine.jsonl' }, 'codex')).toEqual({
      value: '',
      detected: 'Detect (codex)',
      fixed: false,
    });
    expect(
      formatChoice({ source: { kind: 'file', file }, sourceName: 'mine.jsonl', format: 'text' }, 'text')
        .value,
    ).toBe('text');
  });

  it("is the shared transcript's own format for a link, not the playground JSON it travelled in", () => {
    const link = {
      source: { kind: 'text' as const, text: '{}' },
      sourceName: 's.jsonl',
      format: 'canonical' as const,
      origin: 'link' as const,
    };
    expect(formatChoice(link, 'claude-code')).toEqual({
      value: '',
      detected: 'As shared (claude-code)',
      fixed: true,
    });
  });
});
