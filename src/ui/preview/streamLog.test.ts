import { describe, expect, it } from 'vitest';
import type { PreviewEvent } from '../../worker/protocol';
import { MAX_RAW, MAX_RAW_CHARS, applyPreviewEvent, emptyLog, runStatus } from './streamLog';
import { wholeText } from './streamedText';

const raw = (data: string): PreviewEvent => ({
  type: 'provider-event',
  part: 'history',
  event: { type: 'raw', data },
});
const text = (delta: string): PreviewEvent => ({
  type: 'chunk',
  part: 'history',
  attempt: 1,
  chunk: { type: 'text', text: delta },
});

describe('the log of a running preview', () => {
  it('keeps the streamed text of each part', () => {
    const log = [text('## Goal\n'), text('Ship it.')].reduce(applyPreviewEvent, emptyLog());
    expect(wholeText(log.text.history)).toBe('## Goal\nShip it.');
  });

  it(`keeps at most ${MAX_RAW} raw events`, () => {
    const events = Array.from({ length: MAX_RAW + 5 }, (_, i) => raw(`event ${i}`));
    const log = events.reduce(applyPreviewEvent, emptyLog());
    expect(log.raw).toHaveLength(MAX_RAW);
    expect(log.raw.at(-1)).toEqual({ part: 'history', text: `event ${MAX_RAW - 1}` });
  });

  it('keeps at most 2,000,000 characters of raw events, however long each one is', () => {
    const megabyte = 'x'.repeat(1_000_000);
    const log = [raw(megabyte), raw(`${megabyte}yz`), raw('after')].reduce(applyPreviewEvent, emptyLog());
    expect(log.raw.map((r) => r.text.length)).toEqual([
      1_000_000,
      1_000_000 + '… (cut: the raw tab keeps the first 2,000,000 characters)'.length,
    ]);
    expect(log.raw[1].text.endsWith('x… (cut: the raw tab keeps the first 2,000,000 characters)')).toBe(true);
    expect(log.rawChars).toBeGreaterThanOrEqual(MAX_RAW_CHARS);
  });
});

describe('runStatus', () => {
  const request = (part: 'history' | 'turn-prefix', attempt: number) => ({
    part,
    attempt,
    system: 's',
    prompt: 'p',
    maxTokens: 100,
  });

  it('says the run is sending before any request was built', () => {
    expect(runStatus(emptyLog())).toBe('sending');
  });

  it('names the part and attempt of the request sent last', () => {
    expect(runStatus({ requests: [request('history', 1), request('turn-prefix', 2)] })).toBe(
      'turn-prefix, attempt 2',
    );
  });
});
