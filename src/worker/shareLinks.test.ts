import { describe, expect, it } from 'vitest';
import { createEstimator } from '../core/estimate';
import type { Message } from '../core/message';
import { DEFAULT_SETTINGS } from '../core/settings';
import { countChars4 } from '../core/tokenizer';
import { decodeShare } from '../share/codec';
import type { SharePayload } from '../share/payload';
import { addressFragment, buildShareLinks } from './shareLinks';

const chars4 = createEstimator('chars4', countChars4);
const STATE = { settings: DEFAULT_SETTINGS, provider: null, selectedIndex: null, preview: null };

function links(messages: Message[], include: { from: number; to: number }[] = [], redact = true) {
  return buildShareLinks(
    { messages, sourceName: 'session.json', bytes: 0 },
    {
      state: STATE,
      options: { redactSecrets: false, redactContent: redact, mode: 'both', include },
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

describe('the minimal link', () => {
  const messages: Message[] = Array.from({ length: 30 }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 ? 'assistant' : 'user',
    content: `Message ${i}: ${'a line of text '.repeat(400)}`,
  }));

  it("shows the reader's list: messages with text on their own, runs without text as one row", async () => {
    const result = await links(messages);
    if (!result.minimal || 'error' in result.minimal) throw new Error('expected a minimal link');
    const { rows, withText, messageCount } = result.minimal;
    expect(messageCount).toBe(30);
    expect(rows.filter((r) => r.text !== null).map((r) => r.from)).toEqual(withText);
    expect(rows.reduce((sum, r) => sum + r.to - r.from + 1, 0)).toBe(30);
    expect(rows.every((r, k) => k === 0 || r.from === rows[k - 1].to + 1)).toBe(true);
  });

  it('carries a range added back whole, and grows', async () => {
    const plain = await links(messages, [], false);
    const more = await links(messages, [{ from: 2, to: 3 }], false);
    if (!plain.minimal || 'error' in plain.minimal || !more.minimal || 'error' in more.minimal) {
      throw new Error('expected minimal links');
    }
    expect(more.minimal.fragment.length).toBeGreaterThan(plain.minimal.fragment.length);
    expect(more.minimal.rows.find((r) => r.from === 2)?.text).toMatch(/^Message 2: a line of text/);
  });

  it('is the only link with counts for a transcript opened from a minimal link', async () => {
    const counted: Message[] = [
      { id: 'm0', role: 'user', content: '', carried: { tokens: 812, excerpt: 'none' } },
      { id: 'm1', role: 'assistant', content: 'Done.', carried: { tokens: 5 } },
    ];
    const result = await links(counted);
    expect(result.full).toEqual({
      error:
        'This transcript came from a minimal link and lacks most of its text; share it as a minimal link.',
    });
    expect(result.minimal).toHaveProperty('fragment');
  });
});

describe('the address bar link', () => {
  const OPENAI_KEY = 'sk-proj-T3xQ9vLm2RkW7ZpN4bHc8YdJ1sFa6GuE0oKiVtXr';
  const ANTHROPIC_KEY = 'sk-ant-api03-Wq8Zr2Lk5Nv9Xb3Jm7Tc1Hp4Sd6Fg0Yu-Ea2Ko8Ri5Mx';

  async function address(messages: Message[], sourceName = 'session.json'): Promise<SharePayload> {
    const fragment = await addressFragment({ messages, sourceName, bytes: 0 }, STATE, async () => chars4);
    const decoded = await decodeShare(fragment);
    if (!decoded.ok) throw new Error(decoded.error.message);
    return decoded.payload;
  }

  /** Lowercase letters and digits that deflate cannot shrink, and no key pattern matches. */
  function noise(length: number): string {
    let seed = 7;
    let out = '';
    for (let i = 0; i < length; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      out += 'abcdefghijklmnopqrstuvwxyz0123456789'[(seed >>> 16) % 36];
    }
    return out;
  }

  it('redacts every key in the transcript, as the share dialog does', async () => {
    const payload = await address([
      { id: 'u', role: 'user', content: `deploy with OPENAI_KEY ${OPENAI_KEY} please` },
      {
        id: 'a',
        role: 'assistant',
        content: `curl -H "x-api-key: ${ANTHROPIC_KEY}" https://api.anthropic.com`,
      },
    ]);
    if (payload.variant !== 'full') throw new Error(`expected a full link, got ${payload.variant}`);
    expect(payload.transcript.messages.map((m) => m.content)).toEqual([
      'deploy with OPENAI_KEY [redacted] please',
      'curl -H "x-api-key: [redacted]" https://api.anthropic.com',
    ]);
  });

  it('past 8,000 characters follows the settings-only link, its name redacted too', async () => {
    const payload = await address(
      [{ id: 'u', role: 'user', content: noise(12_000) }],
      `export ${OPENAI_KEY}.json`,
    );
    if (payload.variant !== 'settings-only')
      throw new Error(`expected settings-only, got ${payload.variant}`);
    expect(payload.transcript.name).toBe('export [redacted].json');
  });
});
