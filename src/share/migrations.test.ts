import { describe, expect, test } from 'vitest';
import { encodeBase64url } from './base64url';
import { decodeShare, deflateRaw, encodeShare } from './codec';
import { migrateV0ToV1, upgradePayload } from './migrations';
import { restoreShare } from './schema';

/** A link as the v0 prototype wrote it: base64url of plain JSON. */
function v0Link(json: unknown): string {
  return `v0.${encodeBase64url(new TextEncoder().encode(JSON.stringify(json)))}`;
}

const V0_PAYLOAD = {
  name: 'debug.jsonl',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Why did compaction fire?' },
    { role: 'assistant', content: 'The context passed the threshold.' },
  ],
  settings: {
    window: 32000,
    reserve: 4000,
    keep: 6000,
    summaryCap: 0,
    strategy: 'pi',
    tokenizer: 'o200k_base',
  },
  selected: 2,
};

describe('v0 links', () => {
  test('a v0 link decodes through the migration into the current payload', async () => {
    expect(await decodeShare(v0Link(V0_PAYLOAD))).toEqual({
      ok: true,
      migratedFrom: 0,
      payload: {
        v: 3,
        variant: 'full',
        transcript: {
          name: 'debug.jsonl',
          messages: [
            { id: 'm0', role: 'system', content: 'Be brief.' },
            { id: 'm1', role: 'user', content: 'Why did compaction fire?' },
            { id: 'm2', role: 'assistant', content: 'The context passed the threshold.' },
          ],
        },
        // Defaults (summaryCap 0, o200k_base) are stripped, as v1 writes them.
        settings: { maxContextTokens: 32000, reserveTokens: 4000, keepRecentTokens: 6000, strategy: 'pi' },
        selectedIndex: 2,
      },
    });
  });

  test('a migrated link restores to the settings the v0 link meant', async () => {
    const decoded = await decodeShare(v0Link(V0_PAYLOAD));
    if (!decoded.ok) throw new Error(decoded.error.message);
    const { settings } = restoreShare(decoded.payload);
    expect([
      settings.maxContextTokens,
      settings.reserveTokens,
      settings.keepRecentTokens,
      settings.strategy,
    ]).toEqual([32000, 4000, 6000, 'pi']);
  });

  test('re-encoding a migrated link writes a current link with the same content', async () => {
    const decoded = await decodeShare(v0Link(V0_PAYLOAD));
    if (!decoded.ok) throw new Error(decoded.error.message);
    const again = await decodeShare(await encodeShare(decoded.payload));
    expect(again).toEqual({ ok: true, payload: decoded.payload });
  });

  test('the smallest v0 link, messages only, migrates without settings or selection', () => {
    expect(migrateV0ToV1({ messages: [] })).toEqual({ v: 1, variant: 'full', transcript: { messages: [] } });
  });

  test('a v0 link is validated against the v0 schema before migrating, and says so', async () => {
    expect(await decodeShare(v0Link({ ...V0_PAYLOAD, settings: { keep: 'all' } }))).toEqual({
      ok: false,
      error: {
        code: 'schema',
        message:
          'The link\'s contents (version 0) are invalid at settings.keep: Invalid type: Expected number but received "all".',
        path: 'settings.keep',
      },
    });
  });

  test('a v0 selection past the end fails the current schema after migration', () => {
    const result = upgradePayload(0, { messages: [], selected: 0 });
    expect(result.ok ? null : result.error.path).toBe('selectedIndex');
  });
});

describe('v1 links', () => {
  const v1Link = async (json: unknown) =>
    `v1.${encodeBase64url(await deflateRaw(new TextEncoder().encode(JSON.stringify(json))))}`;

  test('a v1 full link opens as the same payload, renumbered, and says it was upgraded', async () => {
    const v1 = {
      v: 1,
      variant: 'full',
      transcript: { name: 'a.jsonl', messages: [{ id: 'u1', role: 'user', content: 'Hello' }] },
      settings: { keepRecentTokens: 30 },
    };
    expect(await decodeShare(await v1Link(v1))).toEqual({
      ok: true,
      migratedFrom: 1,
      payload: { ...v1, v: 3 },
    });
  });

  test('a v1 settings-only link keeps its hash and count', async () => {
    const v1 = {
      v: 1,
      variant: 'settings-only',
      transcript: { name: 'a', sha256: 'a'.repeat(64), messageCount: 3 },
    };
    expect(await decodeShare(await v1Link(v1))).toEqual({
      ok: true,
      migratedFrom: 1,
      payload: { ...v1, v: 3 },
    });
  });

  test('a minimal payload under version 1 is refused: that variant began with version 2', async () => {
    expect(
      await decodeShare(await v1Link({ v: 1, variant: 'minimal', transcript: { roles: '', tokens: [] } })),
    ).toEqual({
      ok: false,
      error: {
        code: 'schema',
        message:
          "The link's contents (version 1) are invalid at variant: minimal links began with version 2.",
        path: 'variant',
      },
    });
  });
});

describe('v2 links', () => {
  const v2Link = async (json: unknown) =>
    `v2.${encodeBase64url(await deflateRaw(new TextEncoder().encode(JSON.stringify(json))))}`;

  test('a v2 full link opens as the same payload, renumbered, and says it was upgraded', async () => {
    const v2 = {
      v: 2,
      variant: 'full',
      transcript: { name: 'a.jsonl', messages: [{ id: 'u1', role: 'user', content: 'Hello' }] },
    };
    expect(await decodeShare(await v2Link(v2))).toEqual({
      ok: true,
      migratedFrom: 2,
      payload: { ...v2, v: 3 },
    });
  });

  test('a session over time under version 2 is refused, with where: that field began with version 3', async () => {
    const v2 = {
      v: 2,
      variant: 'full',
      transcript: {
        messages: [{ id: 'u1', role: 'user', content: 'Hello', opaqueTokens: 40 }],
      },
    };
    expect(await decodeShare(await v2Link(v2))).toEqual({
      ok: false,
      error: {
        code: 'schema',
        message:
          "The link's contents (version 2) are invalid at transcript.messages[0].opaqueTokens: this field began with version 3.",
        path: 'transcript.messages[0].opaqueTokens',
      },
    });
    const withSession = {
      v: 2,
      variant: 'full',
      transcript: { ...v2.transcript, messages: [], session: {} },
    };
    expect(await decodeShare(await v2Link(withSession))).toMatchObject({
      ok: false,
      error: { path: 'transcript.session' },
    });
  });
});
