import { DEFAULT_PROMPTS } from '../core/prompts';
import { describe, expect, test } from 'vitest';
import type { Message } from '../core/message';
import { DEFAULT_SETTINGS } from '../core/settings';
import type { ProviderConfig } from '../providers/config';
import {
  buildSharePayload,
  canonicalTranscript,
  hashTranscript,
  linkSettings,
  sanitizeBaseUrl,
  stripDefaultSettings,
  transcriptMatches,
  type ShareProviderInput,
} from './payload';

function transcript(): Message[] {
  return [
    { id: 'u1', role: 'user', content: 'Fix the login bug.', source: { line: 1 } },
    {
      id: 'a1',
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"src/login.ts"}' }],
      source: { line: 2, path: '$.messages[1]' },
    },
    {
      id: 't1',
      role: 'tool',
      content: 'export function login() {}',
      toolCallId: 'c1',
      toolName: 'read_file',
      source: { line: 3 },
    },
  ];
}

/** The SHA-256 of the canonical JSON above, computed independently with `sha256sum`. */
const TRANSCRIPT_SHA256 = 'c959bd57ac7e3ee120441e5b4ed4f2bb05402ba21e991710ff9a4aa6cb49e050';

describe('the full payload', () => {
  test('carries every allow-listed message field and drops source', async () => {
    const message: Message = {
      id: 'm1',
      role: 'assistant',
      content: 'c',
      reasoning: 'r',
      toolCalls: [{ id: 'c1', name: 'n', arguments: '{}' }],
      toolCallId: 'x',
      toolName: 'tn',
      name: 'bot',
      images: 2,
      kind: 'summary',
      turnId: 't',
      source: { line: 9 },
    };
    const payload = await buildSharePayload({ messages: [message], settings: {} }, 'full');
    expect(payload).toEqual({
      v: 3,
      variant: 'full',
      transcript: {
        messages: [
          {
            id: 'm1',
            role: 'assistant',
            content: 'c',
            reasoning: 'r',
            toolCalls: [{ id: 'c1', name: 'n', arguments: '{}' }],
            toolCallId: 'x',
            toolName: 'tn',
            name: 'bot',
            images: 2,
            kind: 'summary',
            turnId: 't',
          },
        ],
      },
    });
  });

  test('fields outside the allow-list never get in, even when the source objects carry them', async () => {
    const smuggled = { ...transcript()[0], secret: 'x', html: '<b>' } as Message;
    const call = { id: 'c', name: 'n', arguments: '{}', token: 'x' };
    const payload = await buildSharePayload(
      {
        messages: [smuggled, { id: 'a', role: 'assistant', content: '', toolCalls: [call] }],
        settings: { ...DEFAULT_SETTINGS, apiKey: 'x' } as never,
        preview: { summary: 's', degraded: false, splitTurn: false, raw: 'x' } as never,
      },
      'full',
    );
    expect(JSON.stringify(payload)).toBe(
      '{"v":3,"variant":"full","transcript":{"messages":[{"id":"u1","role":"user","content":"Fix the login bug."},' +
        '{"id":"a","role":"assistant","content":"","toolCalls":[{"id":"c","name":"n","arguments":"{}"}]}]},' +
        '"preview":{"summary":"s","degraded":false,"splitTurn":false}}',
    );
  });

  test('keeps the transcript name, the selected index and the preview with its usage', async () => {
    const payload = await buildSharePayload(
      {
        messages: transcript(),
        transcriptName: 'session.jsonl',
        settings: {},
        selectedIndex: 2,
        preview: {
          summary: '## Goal\nFix login.',
          degraded: true,
          splitTurn: false,
          usage: { promptTokens: 900, completionTokens: 120, cachedTokens: 64 },
        },
      },
      'full',
    );
    expect(payload.transcript.name).toBe('session.jsonl');
    expect(payload.selectedIndex).toBe(2);
    expect(payload.preview).toEqual({
      summary: '## Goal\nFix login.',
      degraded: true,
      splitTurn: false,
      usage: { promptTokens: 900, completionTokens: 120, cachedTokens: 64 },
    });
  });

  test('carries only the prompts that differ from the defaults, in both variants', async () => {
    const source = {
      messages: transcript(),
      settings: {},
      prompts: { system: 'You are a terse archivist.', initial: DEFAULT_PROMPTS.initial, update: '  ' },
    };
    expect((await buildSharePayload(source, 'full')).prompts).toEqual({
      system: 'You are a terse archivist.',
    });
    expect((await buildSharePayload(source, 'settings-only')).prompts).toEqual({
      system: 'You are a terse archivist.',
    });
    expect('prompts' in (await buildSharePayload({ ...source, prompts: {} }, 'full'))).toBe(false);
  });

  test.each([[-1], [3], [1.5], [null], [Number.NaN]])(
    'a selected index of %s is left out',
    async (selectedIndex) => {
      const payload = await buildSharePayload(
        { messages: transcript(), settings: {}, selectedIndex },
        'full',
      );
      expect('selectedIndex' in payload).toBe(false);
    },
  );
});

describe('settings', () => {
  test('default settings are stripped entirely, so the payload has no settings field', async () => {
    const payload = await buildSharePayload({ messages: [], settings: { ...DEFAULT_SETTINGS } }, 'full');
    expect('settings' in payload).toBe(false);
  });

  test('only fields that differ from the defaults are kept, as typed', () => {
    expect(
      stripDefaultSettings({
        ...DEFAULT_SETTINGS,
        keepRecentTokens: 8000,
        strategy: 'turns',
        maxContextTokens: -5,
        enabled: false,
      }),
    ).toEqual({ keepRecentTokens: 8000, strategy: 'turns', maxContextTokens: -5, enabled: false });
  });

  test('an absurd typed number is clamped to the bound the schema allows, so the link still opens', () => {
    expect(stripDefaultSettings({ maxContextTokens: 1e12, scale: -50, stallTimeoutMs: 1e10 })).toEqual({
      maxContextTokens: 100_000_000,
      scale: -10,
      stallTimeoutMs: 86_400_000,
    });
  });

  test("a preset's parameters travel only where they differ from the documented defaults", () => {
    expect(
      stripDefaultSettings({
        strategy: 'opencode',
        harness: { opencode: { protect: 40_000, pruneMinimum: 10_000 }, codex: { thresholdFraction: 0.9 } },
      }),
    ).toEqual({ strategy: 'opencode', harness: { opencode: { pruneMinimum: 10_000 } } });
    expect(stripDefaultSettings({ harness: { codex: { thresholdFraction: 0.9 } } })).toEqual({});
  });

  test('values JSON cannot carry or the schema would reject are dropped', () => {
    expect(
      stripDefaultSettings({
        scale: Number.NaN,
        reserveTokens: Number.POSITIVE_INFINITY,
        strategy: 'magic' as never,
        tokenizer: 'gpt2' as never,
        keepRecentTokens: '9000' as never,
      }),
    ).toEqual({});
  });

  test('the part not in the file travels when typed, and not while the file decides', () => {
    expect(stripDefaultSettings({ unseenTokens: 16_831 })).toEqual({ unseenTokens: 16_831 });
    expect(stripDefaultSettings({ unseenTokens: null })).toEqual({});
  });

  test("a link carries the part the file's usage measured as the setting, since it carries no usage", () => {
    expect(linkSettings({ unseenTokens: null }, 16_831)).toEqual({ unseenTokens: 16_831 });
    // What the user typed wins; without a measure, or with 0, nothing is added.
    expect(linkSettings({ unseenTokens: 500 }, 16_831)).toEqual({ unseenTokens: 500 });
    expect(linkSettings({ unseenTokens: null }, null)).toEqual({ unseenTokens: null });
    expect(linkSettings({}, 0)).toEqual({});
  });
});

describe('the provider', () => {
  test('only kind, model and base URL are carried; an object with key fields loses them', async () => {
    const config: ProviderConfig = {
      kind: 'anthropic',
      model: 'claude-sonnet-4-5',
      baseUrl: 'https://api.anthropic.com',
      apiKey: 'sk-ant-api03-SECRETSECRETSECRETSECRET',
      extraHeaders: { 'x-api-key': 'SECRETSECRET' },
    };
    const payload = await buildSharePayload(
      { messages: [], settings: {}, provider: config as unknown as ShareProviderInput },
      'full',
    );
    expect(payload.provider).toEqual({
      kind: 'anthropic',
      model: 'claude-sonnet-4-5',
      baseUrl: 'https://api.anthropic.com',
    });
    expect(JSON.stringify(payload)).not.toContain('SECRET');
  });

  test('the builder does not accept a provider config that carries a key (type check)', async () => {
    const config: ProviderConfig = {
      kind: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: 'https://x',
      apiKey: 'k',
    };
    // @ts-expect-error: a config with `apiKey` is not a ShareProviderInput.
    await buildSharePayload({ messages: [], settings: {}, provider: config }, 'full');
  });

  test('credentials and credential-looking query parameters are removed from the base URL', () => {
    expect(
      sanitizeBaseUrl('https://ada:pw@llm.example.com/v1?key=abc&api-version=2024-10&access_token=t'),
    ).toBe('https://llm.example.com/v1?api-version=2024-10');
    expect(sanitizeBaseUrl('http://localhost:11434')).toBe('http://localhost:11434');
    expect(sanitizeBaseUrl('not a url')).toBe('not a url');
  });
});

describe('the settings-only payload and the transcript hash', () => {
  test('carries the name, hash and message count instead of the messages', async () => {
    const payload = await buildSharePayload(
      {
        messages: transcript(),
        transcriptName: 'session.jsonl',
        settings: { keepRecentTokens: 4000 },
        selectedIndex: 1,
      },
      'settings-only',
    );
    expect(payload).toEqual({
      v: 3,
      variant: 'settings-only',
      transcript: { name: 'session.jsonl', sha256: TRANSCRIPT_SHA256, messageCount: 3 },
      settings: { keepRecentTokens: 4000 },
      selectedIndex: 1,
    });
  });

  test('a pasted transcript without a file name is called "pasted transcript"', async () => {
    const payload = await buildSharePayload({ messages: transcript(), settings: {} }, 'settings-only');
    expect(payload.transcript.name).toBe('pasted transcript');
  });

  test('the hash is SHA-256 of the canonical JSON, which leaves out source', async () => {
    expect(canonicalTranscript(transcript())).toBe(
      '[{"id":"u1","role":"user","content":"Fix the login bug."},' +
        '{"id":"a1","role":"assistant","content":"","toolCalls":[{"id":"c1","name":"read_file","arguments":"{\\"path\\":\\"src/login.ts\\"}"}]},' +
        '{"id":"t1","role":"tool","content":"export function login() {}","toolCallId":"c1","toolName":"read_file"}]',
    );
    expect(await hashTranscript(transcript())).toBe(TRANSCRIPT_SHA256);
  });

  test('the same transcript loaded again matches; one changed character does not', async () => {
    expect(await transcriptMatches(transcript(), TRANSCRIPT_SHA256)).toBe(true);
    const changed = transcript();
    changed[2] = { ...changed[2], content: 'export function login() {} ' };
    expect(await transcriptMatches(changed, TRANSCRIPT_SHA256)).toBe(false);
  });
});
