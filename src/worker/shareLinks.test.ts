import { describe, expect, it } from 'vitest';
import { createEstimator } from '../core/estimate';
import type { Message } from '../core/message';
import { DEFAULT_SETTINGS } from '../core/settings';
import { countChars4 } from '../core/tokenizer';
import { decodeShare } from '../share/codec';
import { hashTranscript, type SharePayload } from '../share/payload';
import type { LinkState } from './protocol';
import { addressFragment, buildShareLinks } from './shareLinks';

const chars4 = createEstimator('chars4', countChars4);
const STATE: LinkState = { settings: DEFAULT_SETTINGS, provider: null, selectedIndex: null, preview: null };

function links(messages: Message[], include: { from: number; to: number }[] = [], redact = true) {
  return buildShareLinks(
    { messages, sourceName: 'session.json', bytes: 0 },
    {
      state: STATE,
      options: { redactSecrets: false, redactContent: redact, include },
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
  const PROSE = 'my password is hunter2-xyz';

  async function address(
    messages: Message[],
    sourceName = 'session.json',
    state: LinkState = STATE,
  ): Promise<{ payload: SharePayload; text: string }> {
    const fragment = await addressFragment({ messages, sourceName, bytes: 0 }, state);
    const decoded = await decodeShare(fragment);
    if (!decoded.ok) throw new Error(decoded.error.message);
    return { payload: decoded.payload, text: JSON.stringify(decoded.payload) };
  }

  it('names the transcript by its hash and count, and carries none of its text', async () => {
    const messages: Message[] = [
      { id: 'u', role: 'user', content: `note to self: ${PROSE}` },
      { id: 'a', role: 'assistant', content: 'Noted.' },
    ];
    const { payload, text } = await address(messages);
    expect(payload.variant).toBe('settings-only');
    if (payload.variant !== 'settings-only') return;
    expect(payload.transcript).toEqual({
      name: 'session.json',
      sha256: await hashTranscript(messages),
      messageCount: 2,
    });
    expect(text).not.toContain('hunter2-xyz');
    expect(text).not.toContain('Noted.');
  });

  it('leaves out the preview summary, which is made from the messages', async () => {
    const { payload, text } = await address([{ id: 'u', role: 'user', content: PROSE }], 'session.json', {
      ...STATE,
      preview: { summary: `The user said ${PROSE}.`, degraded: false, splitTurn: false },
    });
    expect(payload.preview).toBeUndefined();
    expect(text).not.toContain('hunter2-xyz');
  });

  it('keeps the settings and the selected message', async () => {
    const { payload } = await address(
      [
        { id: 'u', role: 'user', content: 'a' },
        { id: 'a', role: 'assistant', content: 'b' },
      ],
      'session.json',
      { ...STATE, settings: { ...DEFAULT_SETTINGS, keepRecentTokens: 1234 }, selectedIndex: 1 },
    );
    expect(payload.settings).toEqual({ keepRecentTokens: 1234 });
    expect(payload.selectedIndex).toBe(1);
  });

  it("redacts a key in the transcript's name, as the share dialog does", async () => {
    const { payload } = await address(
      [{ id: 'u', role: 'user', content: 'hi' }],
      `export ${OPENAI_KEY}.json`,
    );
    if (payload.variant !== 'settings-only')
      throw new Error(`expected settings-only, got ${payload.variant}`);
    expect(payload.transcript.name).toBe('export [redacted].json');
  });
});
