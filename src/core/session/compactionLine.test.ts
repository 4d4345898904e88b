import { describe, expect, it } from 'vitest';
import { compactionLine } from './compactionLine';
import type { RecordedCompaction } from './history';

const base: RecordedCompaction = {
  atMessage: 4,
  contextAfter: [4],
  trigger: 'auto',
  tokensBefore: 155000,
  tokensAfter: 9200,
  source: 'compact_boundary',
  line: 120,
};

describe('compactionLine', () => {
  it('says how it was triggered, where, and the sizes as recorded', () => {
    expect(compactionLine(base)).toBe('auto compaction at line 120: 155,000 → 9,200 tokens');
  });
  it('says what the file left out', () => {
    expect(compactionLine({ ...base, tokensAfter: null })).toBe(
      'auto compaction at line 120: 155,000 tokens before',
    );
    expect(
      compactionLine({ ...base, trigger: null, tokensBefore: null, tokensAfter: null, line: undefined }),
    ).toBe('compaction: sizes not recorded');
  });
});
