import { describe, expect, it } from 'vitest';
import { ledgerLinkText } from './LedgerLink';

describe('the way from the first screen to the ledger', () => {
  it('counts the compactions, singular for one', () => {
    expect(ledgerLinkText(1)).toBe("What the agent's compaction lost");
    expect(ledgerLinkText(2)).toBe("What the agent's 2 compactions lost");
  });
});
