import { MAX_PROMPT_CHARS } from '../core/prompts';
import { describe, expect, test } from 'vitest';
import { DEFAULT_HARNESS_PARAMS } from '../core/harness/params';
import { DEFAULT_SETTINGS, STRATEGIES } from '../core/settings';
import type { Message } from '../core/message';
import {
  SHARE_VERSION,
  buildSharePayload,
  linkSettings,
  toShareMessage,
  type FullSharePayload,
  type SharePayload,
} from './payload';
import { unseenInferred } from './linkSettings';
import { SHARE_LIMITS } from './limits';
import { isPresetBaseUrl, restoreShare, sharedTranscriptJson, validateSharePayload } from './schema';

const base: FullSharePayload = {
  v: SHARE_VERSION,
  variant: 'full',
  transcript: { messages: [{ id: 'u', role: 'user', content: 'hi' }] },
};

function errorOf(json: unknown): { path?: string; message: string } | null {
  const result = validateSharePayload(json);
  return result.ok ? null : { path: result.error.path, message: result.error.message };
}

describe('validation', () => {
  test('the smallest full payload is valid', () => {
    expect(validateSharePayload(base)).toEqual({ ok: true, payload: base });
  });

  test("a pi transcript keeps what the importer learned from the file: its framing, its compaction's files and kept count, the entries pi weighs but never sends", () => {
    const summary: Message = {
      id: 's',
      role: 'user',
      kind: 'summary',
      content:
        'The conversation history before this point was compacted into the following summary:\n\n<summary>\nGoal\n</summary>',
      framingChars: 97,
      files: { read: ['a.ts'], modified: ['b.ts'] },
      keptAfter: 1,
    };
    const user: Message = {
      id: 'u',
      role: 'user',
      content: 'hi',
      unsentBefore: [{ kind: 'command', chars: 12 }],
      unsentAfter: [{ kind: 'reply', chars: 40 }],
    };
    const payload: FullSharePayload = {
      ...base,
      transcript: { messages: [toShareMessage(summary), toShareMessage(user)] },
    };
    const result = validateSharePayload(JSON.parse(JSON.stringify(payload)));
    expect(result.ok && result.payload.variant === 'full' && result.payload.transcript.messages).toEqual([
      summary,
      user,
    ]);
  });

  test.each([
    [
      'not an object',
      42,
      undefined,
      "The link's contents are invalid: Invalid type: Expected Object but received 42.",
    ],
    [
      'a wrong version inside the JSON',
      { ...base, v: 4 },
      'v',
      "The link's contents are invalid at v: Invalid type: Expected 3 but received 4.",
    ],
    [
      'an unknown role',
      { ...base, transcript: { messages: [{ id: 'u', role: 'robot', content: '' }] } },
      'transcript.messages[0].role',
      'The link\'s contents are invalid at transcript.messages[0].role: Invalid type: Expected ("system" | "user" | "assistant" | "tool") but received "robot".',
    ],
    [
      'an unknown strategy',
      { ...base, settings: { strategy: 'magic' } },
      'settings.strategy',
      // Every strategy, in the registry's order: a new preset needs no change here.
      `The link's contents are invalid at settings.strategy: Invalid type: Expected (${STRATEGIES.map((s) => `"${s}"`).join(' | ')}) but received "magic".`,
    ],
    [
      'an unknown tokenizer',
      { ...base, settings: { tokenizer: 'gpt2' } },
      'settings.tokenizer',
      'The link\'s contents are invalid at settings.tokenizer: Invalid type: Expected ("o200k_base" | "cl100k_base" | "chars4") but received "gpt2".',
    ],
    [
      'a token count beyond any model',
      { ...base, settings: { maxContextTokens: 1e12 } },
      'settings.maxContextTokens',
      "The link's contents are invalid at settings.maxContextTokens: Invalid value: Expected <=100000000 but received 1000000000000.",
    ],
    [
      'an unknown provider kind',
      { ...base, provider: { kind: 'bard', model: 'm', baseUrl: '' } },
      'provider.kind',
      'The link\'s contents are invalid at provider.kind: Invalid type: Expected ("offline" | "openai" | "openai-compatible" | "openai-responses" | "anthropic" | "gemini" | "ollama") but received "bard".',
    ],
    [
      'a base URL that is not http(s)',
      { ...base, provider: { kind: 'openai', model: 'm', baseUrl: 'javascript:alert(1)' } },
      'provider.baseUrl',
      "The link's contents are invalid at provider.baseUrl: Expected an http or https URL.",
    ],
    [
      'a model name over the limit',
      { ...base, provider: { kind: 'openai', model: 'm'.repeat(257), baseUrl: '' } },
      'provider.model',
      "The link's contents are invalid at provider.model: Invalid length: Expected <=256 but received 257.",
    ],
    [
      'negative images',
      { ...base, transcript: { messages: [{ id: 'u', role: 'user', content: '', images: -1 }] } },
      'transcript.messages[0].images',
      "The link's contents are invalid at transcript.messages[0].images: Invalid value: Expected >=0 but received -1.",
    ],
    [
      'a malformed hash',
      { v: 3, variant: 'settings-only', transcript: { name: 'a', sha256: 'ABC', messageCount: 1 } },
      'transcript.sha256',
      "The link's contents are invalid at transcript.sha256: Expected 64 lowercase hex digits.",
    ],
    [
      'an unknown top-level field',
      { ...base, script: 'alert(1)' },
      'script',
      'The link\'s contents are invalid at script: Invalid key: Expected never but received "script".',
    ],
    [
      'a preset parameter of the wrong type',
      { ...base, settings: { harness: { 'clear-tool-uses': { keepToolUses: 'three' } } } },
      'settings.harness.clear-tool-uses.keepToolUses',
      'The link\'s contents are invalid at settings.harness.clear-tool-uses.keepToolUses: Invalid type: Expected number but received "three".',
    ],
    [
      'a parameter a preset does not have',
      { ...base, settings: { harness: { codex: { protect: 1 } } } },
      'settings.harness.codex.protect',
      'The link\'s contents are invalid at settings.harness.codex.protect: Invalid key: Expected never but received "protect".',
    ],
    [
      'a preset this version does not know',
      { ...base, settings: { harness: { aider: {} } } },
      'settings.harness.aider',
      'The link\'s contents are invalid at settings.harness.aider: Invalid key: Expected never but received "aider".',
    ],
    [
      'a selection past the end of the transcript',
      { ...base, selectedIndex: 1 },
      'selectedIndex',
      "The link's contents are invalid at selectedIndex: message 1 was selected but the transcript has 1 messages.",
    ],
  ])('%s is rejected with its path', (_, json, path, message) => {
    expect(errorOf(json)).toEqual({ path, message });
  });

  test(`more than ${SHARE_LIMITS.messages} messages are rejected`, () => {
    const messages = Array.from({ length: SHARE_LIMITS.messages + 1 }, (_, i) => ({
      id: String(i),
      role: 'user',
      content: '',
    }));
    expect(errorOf({ ...base, transcript: { messages } })).toEqual({
      path: 'transcript.messages',
      message:
        "The link's contents are invalid at transcript.messages: Invalid length: Expected <=100000 but received 100001.",
    });
  });

  test('settings as typed (negative, fractional, out of the normal range) are accepted within the limits', () => {
    const json = { ...base, settings: { keepRecentTokens: -5, scale: 3, reserveTokens: 1000.5 } };
    expect(validateSharePayload(json).ok).toBe(true);
  });

  test('a file source is named as a file in the message', () => {
    const result = validateSharePayload({ ...base, v: 4 }, 'file');
    expect(result.ok ? null : result.error.message).toBe(
      "The file's contents are invalid at v: Invalid type: Expected 3 but received 4.",
    );
  });
});

describe('restore', () => {
  test('fills defaults and normalizes, keeping what was typed alongside', () => {
    const payload: SharePayload = { ...base, settings: { keepRecentTokens: 0, strategy: 'pi' } };
    const restored = restoreShare(payload);
    expect(restored.settingsInput).toEqual({ ...DEFAULT_SETTINGS, keepRecentTokens: 0, strategy: 'pi' });
    expect(restored.settings).toEqual({
      ...DEFAULT_SETTINGS,
      keepRecentTokens: 20000,
      strategy: 'pi',
      harness: DEFAULT_HARNESS_PARAMS,
    });
    expect(restored.refusedSettings).toEqual([]);
  });

  test('values the settings refuse are reported with the reason, and their defaults apply', () => {
    const payload: SharePayload = { ...base, settings: { keepRecentTokens: -5, scale: 3, strategy: 'pi' } };
    const restored = restoreShare(payload);
    expect(restored.settingsInput).toEqual({ ...DEFAULT_SETTINGS, strategy: 'pi' });
    expect(restored.refusedSettings).toEqual([
      {
        field: 'keepRecentTokens',
        value: -5,
        reason: 'Keep-recent cannot be negative (0 takes the default, 20,000).',
      },
      { field: 'scale', value: 3, reason: 'Scale must be from 0.5 to 1.5.' },
    ]);
  });

  test('a reserve at or above the window does not come through as "threshold 1"', () => {
    const restored = restoreShare({
      ...base,
      settings: { maxContextTokens: 8192, reserveTokens: 16384, keepRecentTokens: 1000 },
    });
    // The window is what does not fit the reserve; the sender's reserve and keep-recent still apply.
    expect(restored.settings).toMatchObject({
      maxContextTokens: 128000,
      reserveTokens: 16384,
      keepRecentTokens: 1000,
    });
    expect(restored.refusedSettings.map((r) => [r.field, r.value])).toEqual([['maxContextTokens', 8192]]);
    expect(restored.refusedSettings[0].reason).toBe(
      'The reserve (16,384) must be smaller than the window (8,192): otherwise no room is left for the conversation and every message would compact.',
    );
  });

  test("a preset's parameters are normalized like any setting, and kept as typed alongside", () => {
    const typed = { 'gemini-cli': { thresholdFraction: 7 }, 'clear-tool-uses': { excludeTools: ['memory'] } };
    const restored = restoreShare({ ...base, settings: { strategy: 'gemini-cli', harness: typed } });
    expect(restored.settingsInput.harness).toEqual(typed);
    expect(restored.settings.harness['gemini-cli'].thresholdFraction).toBe(0.5);
    expect(restored.settings.harness['clear-tool-uses'].excludeTools).toEqual(['memory']);
  });

  test('a payload without optional parts restores to defaults and nulls', () => {
    expect(restoreShare(base)).toEqual({
      variant: 'full',
      messages: [{ id: 'u', role: 'user', content: 'hi' }],
      transcriptName: null,
      expectedSha256: null,
      messageCount: 1,
      settingsInput: DEFAULT_SETTINGS,
      windowGiven: false,
      refusedSettings: [],
      settings: { ...DEFAULT_SETTINGS, harness: DEFAULT_HARNESS_PARAMS },
      provider: null,
      providerNeedsConfirmation: false,
      selectedIndex: null,
      preview: null,
      prompts: {},
      format: null,
      fileUsage: null,
      session: null,
      unseenInferred: null,
    });
  });

  test("a full link's session over time is checked against its messages, with where", () => {
    const session = {
      messages: [
        { id: 'u', role: 'user', content: 'hi' },
        { id: 's', role: 'user', content: 'summary', kind: 'summary' },
      ],
      compactions: [
        {
          atMessage: 1,
          contextAfter: [1],
          trigger: 'manual',
          tokensBefore: 900,
          tokensAfter: null,
          source: 'compact_boundary',
        },
      ],
      calls: [
        {
          atMessage: 0,
          contextTokens: 1200,
          inputTokens: 3,
          cacheReadTokens: 1000,
          cacheWriteTokens: 197,
          outputTokens: 40,
        },
      ],
    };
    const withSession = (s: object) => ({ ...base, transcript: { ...base.transcript, session: s } });
    expect(errorOf(withSession(session))).toBeNull();
    expect(
      errorOf(withSession({ ...session, compactions: [{ ...session.compactions[0], contextAfter: [2] }] })),
    ).toEqual({
      path: 'transcript.session.compactions[0].contextAfter[0]',
      message:
        "The link's contents are invalid at transcript.session.compactions[0].contextAfter[0]: message 2 of 2.",
    });
    expect(
      errorOf(
        withSession({
          ...session,
          calls: [
            { ...session.calls[0], atMessage: 1 },
            { ...session.calls[0], atMessage: 0 },
          ],
        }),
      ),
    ).toEqual({
      path: 'transcript.session.calls[1].atMessage',
      message:
        "The link's contents are invalid at transcript.session.calls[1].atMessage: the calls are not in the order they happened.",
    });
    // A field outside the allow-list is refused, not dropped.
    expect(errorOf(withSession({ ...session, calls: [{ ...session.calls[0], secret: 'x' }] }))?.path).toBe(
      'transcript.session.calls[0].secret',
    );
  });

  test('a link carries the edited prompts, each bounded, and refuses one it does not know', () => {
    const withPrompts = { ...base, prompts: { system: 'You are terse.', update: 'Merge.' } };
    const ok = validateSharePayload(withPrompts);
    expect(ok.ok && restoreShare(ok.payload).prompts).toEqual({ system: 'You are terse.', update: 'Merge.' });
    const unknown = validateSharePayload({ ...base, prompts: { style: 'x' } });
    expect(unknown.ok ? null : unknown.error.message).toContain('at prompts');
    const tooLong = validateSharePayload({ ...base, prompts: { initial: 'x'.repeat(MAX_PROMPT_CHARS + 1) } });
    expect(tooLong.ok ? null : tooLong.error.message).toContain('at prompts.initial');
  });

  test('restored messages are copies: editing them leaves the payload as decoded', () => {
    const payload: SharePayload = {
      ...base,
      transcript: {
        messages: [
          { id: 'a', role: 'assistant', content: '', toolCalls: [{ id: 'c', name: 'n', arguments: '{}' }] },
        ],
      },
    };
    const restored = restoreShare(payload);
    restored.messages![0].toolCalls![0].arguments = '{"x":1}';
    expect(payload.transcript.messages[0].toolCalls![0].arguments).toBe('{}');
  });
});

describe('a shared provider', () => {
  test('a base URL a built-in preset of the same kind uses needs no confirmation', () => {
    expect(
      isPresetBaseUrl({ kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://api.openai.com/v1/' }),
    ).toBe(true);
    expect(isPresetBaseUrl({ kind: 'ollama', model: 'llama3.2', baseUrl: 'http://localhost:11434' })).toBe(
      true,
    );
    expect(isPresetBaseUrl({ kind: 'offline', model: '', baseUrl: '' })).toBe(true);
  });

  test('any other base URL must be confirmed before a stored key is sent to it', () => {
    const restored = restoreShare({
      ...base,
      provider: { kind: 'anthropic', model: 'claude', baseUrl: 'https://api.anthropic.com.evil.example' },
    });
    expect(restored.providerNeedsConfirmation).toBe(true);
    // A preset URL under another kind is not that kind's server either.
    expect(isPresetBaseUrl({ kind: 'anthropic', model: 'm', baseUrl: 'https://api.openai.com/v1' })).toBe(
      false,
    );
  });
});

describe('the part of the request not in the file', () => {
  test('a link written before the setting existed opens with it left to the file', () => {
    const restored = restoreShare(base);
    expect([restored.settingsInput.unseenTokens, restored.settings.unseenTokens]).toEqual([null, null]);
  });

  test('a link that carries it opens with it typed', () => {
    const payload: FullSharePayload = { ...base, settings: { unseenTokens: 16_831 } };
    expect(validateSharePayload(payload)).toEqual({ ok: true, payload });
    expect(restoreShare(payload).settings.unseenTokens).toBe(16_831);
  });

  test("one the sender's file measured travels as inferred, and reaches the reader as the transcript's, not a setting", async () => {
    const messages = base.transcript.messages.map((m) => ({ ...m }));
    const settings = linkSettings(DEFAULT_SETTINGS, 17_123);
    expect(unseenInferred(DEFAULT_SETTINGS, 17_123)).toBe(true);
    const payload = await buildSharePayload({ messages, settings, unseenInferred: true }, 'full');
    expect(payload.settings).toEqual({ unseenTokens: 17_123 });
    expect(payload.unseen).toBe('inferred');
    expect(validateSharePayload(payload)).toEqual({ ok: true, payload });
    const restored = restoreShare(payload);
    expect(restored.unseenInferred).toBe(17_123);
    expect(JSON.parse(sharedTranscriptJson(restored)!).unseenTokens).toBe(17_123);
  });

  test('one the sender typed travels as set, with nothing said about inference', async () => {
    const messages = base.transcript.messages.map((m) => ({ ...m }));
    const typed = { ...DEFAULT_SETTINGS, unseenTokens: 2_000 };
    expect(unseenInferred(typed, 17_123)).toBe(false);
    const payload = await buildSharePayload(
      { messages, settings: linkSettings(typed, 17_123), unseenInferred: false },
      'full',
    );
    expect(payload.settings).toEqual({ unseenTokens: 2_000 });
    expect(payload.unseen).toBeUndefined();
    const restored = restoreShare(payload);
    expect(restored.unseenInferred).toBeNull();
    expect(JSON.parse(sharedTranscriptJson(restored)!).unseenTokens).toBeUndefined();
  });

  test('a negative one is refused with the reason, and the file decides', () => {
    const restored = restoreShare({ ...base, settings: { unseenTokens: -3 } });
    expect(restored.settings.unseenTokens).toBeNull();
    expect(restored.refusedSettings).toEqual([
      {
        field: 'unseenTokens',
        value: -3,
        reason: "The part not in the file cannot be negative (empty leaves it to the file's recorded usage).",
      },
    ]);
  });

  test('a string in its place makes the link invalid', () => {
    expect(errorOf({ ...base, settings: { unseenTokens: '16831' } })).toEqual({
      path: 'settings.unseenTokens',
      message:
        'The link\'s contents are invalid at settings.unseenTokens: Invalid type: Expected number but received "16831".',
    });
  });
});
