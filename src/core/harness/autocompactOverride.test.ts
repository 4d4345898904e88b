import { describe, expect, it } from 'vitest';
import { claudeCodeAutoCompact } from './autocompactOverride';

describe('claudeCodeAutoCompact', () => {
  it('without the override: the window less the reply reserve less the buffer', () => {
    expect(claudeCodeAutoCompact(200_000, undefined).threshold).toBe(167_000);
  });

  it('a percentage of the effective window (200,000 − 20,000) when that is earlier', () => {
    expect(claudeCodeAutoCompact(200_000, '50')).toMatchObject({ threshold: 90_000, comparison: 'reach' });
  });

  it('can only lower the point; a value that is not a percentage from 0 to 100 leaves the default', () => {
    for (const value of ['95', '0', '-5', '150', 'abc', ''])
      expect(claudeCodeAutoCompact(200_000, value).threshold).toBe(167_000);
  });
});
