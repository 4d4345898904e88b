import { describe, expect, it } from 'vitest';
import type { Message } from '../core/message';
import { DEFAULT_SETTINGS } from '../core/settings';
import { importTranscript } from '../formats/registry';
import { encodeBundle } from '../share/bundle';
import { encodeShare } from '../share/codec';
import { buildSharePayload, type ShareSource } from '../share/payload';
import { decodeShared } from './decodeShared';

const MESSAGES: Message[] = [
  { id: 'u1', role: 'user', content: 'Rename `foo` to `bar`. 日本語 🎉' },
  {
    id: 'a1',
    role: 'assistant',
    content: '',
    toolCalls: [{ id: 'c1', name: 'grep', arguments: '{"pattern":"foo"}' }],
  },
  { id: 'r1', role: 'tool', content: 'src/a.ts:1:foo', toolCallId: 'c1', toolName: 'grep' },
];

const SOURCE: ShareSource = {
  messages: MESSAGES,
  transcriptName: 'rename.jsonl',
  settings: { ...DEFAULT_SETTINGS, keepRecentTokens: 6000 },
  provider: null,
  selectedIndex: 2,
  preview: null,
};

describe('decodeShared', () => {
  it('turns a full link into its state and the transcript as canonical text that imports to the same messages', async () => {
    const fragment = await encodeShare(await buildSharePayload(SOURCE, 'full'));
    const result = await decodeShared({ kind: 'link', fragment });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.share).toMatchObject({
      variant: 'full',
      transcriptName: 'rename.jsonl',
      messageCount: 3,
      selectedIndex: 2,
    });
    expect(result.share.settingsInput.keepRecentTokens).toBe(6000);
    expect(result.share).not.toHaveProperty('messages');
    const imported = importTranscript(result.share.transcriptText!, { format: 'canonical' });
    expect(imported.messages.map(({ source: _, ...m }) => m)).toEqual(MESSAGES);
  });

  it('carries no text for a settings-only link, and opens bundles the same way', async () => {
    const settingsOnly = await decodeShared({
      kind: 'link',
      fragment: await encodeShare(await buildSharePayload(SOURCE, 'settings-only')),
    });
    expect(settingsOnly.ok && settingsOnly.share.transcriptText).toBeNull();
    const bundle = await decodeShared({
      kind: 'bundle',
      text: encodeBundle(await buildSharePayload(SOURCE, 'full')),
    });
    expect(bundle.ok && bundle.share.messageCount).toBe(3);
  });

  it("returns the decoder's error for a link that does not open", async () => {
    expect(await decodeShared({ kind: 'link', fragment: 'v1.@@' })).toEqual({
      ok: false,
      error: expect.objectContaining({ code: 'not-base64url' }),
    });
  });
});
