import { describe, expect, it } from 'vitest';
import { SHIPPED_ENCODING_DIGESTS, encodingDigest } from './encodingDigest';
import { packagedEncoding } from './tokenizer';

describe('the shipped tables’ digests', () => {
  it.each(['o200k_base', 'cl100k_base'] as const)(
    '%s: the digest written down is the one the packaged ranks give (update it with the ranks)',
    async (id) => {
      const { pattern, table } = await packagedEncoding(id);
      expect(await encodingDigest(pattern, table)).toBe(SHIPPED_ENCODING_DIGESTS[id]);
    },
  );

  it('change with the pattern, with one rank, and with one hash slot', async () => {
    const { pattern, table } = await packagedEncoding('o200k_base');
    const tokenRank = table.tokenRank.slice();
    [tokenRank[0], tokenRank[1]] = [tokenRank[1]!, tokenRank[0]!];
    const slots = table.slots.slice();
    const used = slots.findIndex((entry) => entry !== 0);
    [slots[used], slots[used + 1]] = [slots[used + 1]!, slots[used]!];
    const digests = [
      await encodingDigest(`${pattern}|.`, table),
      await encodingDigest(pattern, { ...table, tokenRank }),
      await encodingDigest(pattern, { ...table, slots }),
    ];
    for (const digest of digests) expect(digest).not.toBe(SHIPPED_ENCODING_DIGESTS.o200k_base);
  });
});
