import { describe, expect, it } from 'vitest';
import { barsFromKey, barsKey } from './barsKey';

describe('barsKey', () => {
  const bars = [
    { name: 'now', color: '#6b7280' },
    { name: 'claude-code', color: 'rgb(15, 118, 110)' },
    { name: 'codex', color: '#d1d5db' },
  ];

  it('is one string for the names and colours, read back to the same list', () => {
    const key = barsKey(bars);
    expect(key).toBe('now\u001f#6b7280\u001eclaude-code\u001frgb(15, 118, 110)\u001ecodex\u001f#d1d5db');
    expect(barsFromKey(key)).toEqual(bars);
  });

  it('differs when a colour, a name or the order changes, and ignores everything else', () => {
    const key = barsKey(bars);
    expect(barsKey([{ ...bars[0], tokens: 3_982_417 }, bars[1], bars[2]] as typeof bars)).toBe(key);
    expect(barsKey([bars[0], { ...bars[1], color: '#d1d5db' }, bars[2]])).not.toBe(key);
    expect(barsKey([bars[0], { ...bars[1], name: 'pi' }, bars[2]])).not.toBe(key);
    expect(barsKey([bars[1], bars[0], bars[2]])).not.toBe(key);
  });

  it('reads an empty list back from an empty key', () => {
    expect(barsKey([])).toBe('');
    expect(barsFromKey('')).toEqual([]);
  });
});
