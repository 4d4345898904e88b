import { describe, expect, it } from 'vitest';
import { createEstimator } from '../core/estimate';
import type { Message } from '../core/message';
import { DEFAULT_SETTINGS } from '../core/settings';
import { countChars4 } from '../core/tokenizer';
import { buildShareLinks } from './shareLinks';

const chars4 = createEstimator('chars4', countChars4);

function links(messages: Message[]) {
  return buildShareLinks(
    { messages, sourceName: 'session.json', bytes: 0 },
    {
      id: 1,
      type: 'share',
      state: { settings: DEFAULT_SETTINGS, provider: null, selectedIndex: null, preview: null },
      options: { redactSecrets: false, redactContent: true, mode: 'both' },
    },
    async () => chars4,
  );
}

describe('buildShareLinks', () => {
  it('makes a full link, a settings-only link and a bundle', async () => {
    const result = await links([{ id: 'u', role: 'user', content: 'hello' }]);
    expect(result.full).toHaveProperty('fragment');
    expect(result.settingsOnly).toHaveProperty('fragment');
    expect(result.bundle).toHaveProperty('text');
  });

  it('refuses the full link and bundle of a transcript whose text alone is over 20 MB, without building them', async () => {
    const big = 'x'.repeat(7_000_000);
    const messages: Message[] = ['a', 'b', 'c'].map((id) => ({ id, role: 'user', content: big }));
    const result = await links(messages);
    expect(result.full).toEqual({
      error: 'The shared state is over the 20 MB a link may hold; share a settings-only link instead.',
    });
    expect(result.bundle).toEqual({ error: 'The repro bundle would be over the 20 MB it may hold.' });
    expect(result.settingsOnly).toHaveProperty('fragment');
  });
});
