import { describe, expect, it } from 'vitest';
import { createEstimator } from '../core/estimate';
import type { Message } from '../core/message';
import { sessionCalls } from '../core/session/calls';
import type { RecordedCall, RecordedCompaction, SessionHistory } from '../core/session/history';
import { decodeShare, encodeFragment, encodeShare } from './codec';
import { buildMinimalLink } from './minimal';
import { minimalSessionOf } from './minimalSession';
import { minimalSummary } from './minimalSummary';
import { upgradePayload } from './migrations';
import type { MinimalSharePayload, ShareSource } from './payload';
import { restoreShare, validateSharePayload } from './schema';

const chars4 = createEstimator('chars4', () => 0);
const PAGE = 'https://example.org/playground/#';
const measure = async (p: MinimalSharePayload) => PAGE.length + (await encodeFragment(p)).length;

/**
 * A session of `turns` user/assistant rounds, compacted before each round
 * listed in `compactAt`: the compaction writes a summary, which the context
 * after it starts with. Each assistant message is one call, its usage made
 * of round numbers: uncached 3 + k, cache reads the previous context, writes
 * 100 + k, output 50 + k; or, `scattered`, writes and output that follow no
 * pattern deflate could pack. The last compaction records no size after it.
 */
function session(turns: number, compactAt: readonly number[], scattered = false) {
  const spread = (k: number, salt: number) => (scattered ? (k * 7919 + salt * 104729) % 9973 : k);
  const messages: Message[] = [];
  const compactions: RecordedCompaction[] = [];
  const calls: RecordedCall[] = [];
  let context = 0;
  for (let k = 0; k < turns; k++) {
    if (compactAt.includes(k)) {
      const at = messages.length;
      messages.push({
        id: `s${k}`,
        role: 'user',
        content: `Summary of the work before round ${k}.`,
        kind: 'summary',
      });
      const last = k === compactAt[compactAt.length - 1];
      compactions.push({
        atMessage: at,
        contextAfter: [at],
        trigger: k % 2 ? 'manual' : 'auto',
        tokensBefore: context,
        tokensAfter: last ? null : 900 + k,
        source: 'compact_boundary',
      });
      context = 900 + k;
    }
    messages.push({ id: `u${k}`, role: 'user', content: `Round ${k}: fix the next failing test.` });
    const read = context;
    context = 3 + k + read + 100 + spread(k, 1);
    calls.push({
      atMessage: messages.length,
      contextTokens: context,
      inputTokens: 3 + k,
      cacheReadTokens: read,
      cacheWriteTokens: 100 + spread(k, 1),
      outputTokens: 50 + spread(k, 2),
      model: k < turns / 2 ? 'claude-sonnet-4-5' : 'claude-opus-4-1',
    });
    messages.push({ id: `a${k}`, role: 'assistant', content: `Done with round ${k}.` });
  }
  const history: SessionHistory = { messages, compactions, calls };
  const from = compactions.length ? compactions[compactions.length - 1].atMessage : 0;
  return { history, context: messages.slice(from) };
}

function sourceOf(turns: number, compactAt: readonly number[], scattered = false): ShareSource {
  const { history, context } = session(turns, compactAt, scattered);
  return {
    messages: context,
    transcriptName: 'session.jsonl',
    format: 'claude-code',
    history,
    settings: { tokenizer: 'chars4' },
    provider: { kind: 'offline', model: '', baseUrl: '' },
  };
}

/** The link as its reader restores it (the page and the CLI load this through the canonical importer). */
async function opened(payload: MinimalSharePayload) {
  const decoded = await decodeShare(await encodeShare(payload));
  if (!decoded.ok) throw new Error(decoded.error.message);
  const restored = restoreShare(decoded.payload);
  return { format: restored.format, messages: restored.messages!, history: restored.session };
}

describe('the session over time in a minimal link', () => {
  it.each([
    [24, [10], 1],
    [30, [9, 20], 2],
  ])(
    'round-trips the %i calls, the compactions, the peak and the format of a session compacted %j',
    async (turns, compactAt, compactionCount) => {
      const source = sourceOf(turns, compactAt);
      const link = await buildMinimalLink(source, chars4, { measure });
      expect(link.fits).toBe(true);
      expect(link.length).toBeLessThanOrEqual(2000);
      expect(link.session).toEqual({ calls: turns, compactions: compactionCount, carried: true });
      const imported = await opened(link.payload);
      expect(imported.format).toBe('claude-code');
      expect(imported.messages).toHaveLength(source.messages.length);
      // Every call with its usage, every compaction with its sizes and place, as the file had them.
      expect(imported.history!.calls).toEqual(source.history!.calls);
      expect(imported.history!.compactions).toEqual(source.history!.compactions);
      expect(sessionCalls(imported.history!)).toHaveLength(turns);
      const peak = (h: SessionHistory) => Math.max(...h.calls.map((c) => c.contextTokens ?? 0));
      expect(peak(imported.history!)).toBe(peak(source.history!));
      // The hidden messages are counts without text, in their places and roles.
      expect(imported.history!.messages.map((m) => m.role)).toEqual(
        source.history!.messages.map((m) => m.role),
      );
      expect(imported.history!.messages.map((m) => chars4.countMessage(m))).toEqual(
        source.history!.messages.map((m) => chars4.countMessage(m)),
      );
    },
  );

  it('carries the figures of the generated session exactly', async () => {
    const link = await buildMinimalLink(sourceOf(24, [10]), chars4, { measure });
    const session = link.payload.transcript.session!;
    // The context is the session's last 29 messages; 21 came before the compaction's summary.
    expect(session.at).toEqual([[20, 29]]);
    expect(session.roles).toBe('ua'.repeat(10));
    // A call's cache read is its previous call's whole context: each travels as 0 but the first.
    // The compaction took the context from 1,120 tokens to 910: the one read less than the call before.
    expect(session.cacheRead).toBe(`0,${'0,'.repeat(9)}-${(1120 - 910).toString(36)},${'0,'.repeat(12)}0`);
    expect(session.context).toBe('0,'.repeat(23) + '0');
    expect(session.models).toEqual([
      ['claude-sonnet-4-5', 12],
      ['claude-opus-4-1', 12],
    ]);
    expect(session.compactions).toEqual([[20, 1120, null, 'auto', 'compact_boundary']]);
    expect(link.payload.transcript.format).toBe('claude-code');
  });

  it('leaves the offline provider out: a reader without one of their own gets it anyway', async () => {
    const link = await buildMinimalLink(sourceOf(24, [10]), chars4, { measure });
    expect(link.payload.provider).toBeUndefined();
    const other = await buildMinimalLink(
      {
        ...sourceOf(24, [10]),
        provider: { kind: 'ollama', model: 'qwen3', baseUrl: 'http://localhost:11434' },
      },
      chars4,
      { measure },
    );
    expect(other.payload.provider).toEqual({
      kind: 'ollama',
      model: 'qwen3',
      baseUrl: 'http://localhost:11434',
    });
  });

  it('drops the timeline of a session too long to fit, and says what the reader will not see', async () => {
    const source = sourceOf(412, [200], true);
    const link = await buildMinimalLink(source, chars4, { measure });
    expect(link.payload.transcript.session).toBeUndefined();
    expect(link.session).toEqual({ calls: 412, compactions: 1, carried: false });
    expect(link.length).toBeLessThanOrEqual(2000);
    expect(minimalSummary(link, source.messages.length)).toContain(
      "the recorded usage of the timeline's 412 calls is left out: the reader's timeline is estimated from the messages, with no recorded peak or input",
    );
    // The reader's page then has the context's own history, not the sender's.
    expect((await opened(link.payload)).history).toBeNull();
  });

  it('says nothing of a timeline when the file records no more than its context', async () => {
    const source = sourceOf(6, []);
    const plain = { ...source, history: { messages: [...source.messages], compactions: [], calls: [] } };
    const link = await buildMinimalLink(plain, chars4, { measure });
    expect(link.session).toBeNull();
    expect(minimalSessionOf(plain.messages, plain.history, chars4)).toBeNull();
    expect(minimalSummary(link, plain.messages.length)).not.toContain('timeline');
  });
});

describe('a minimal link whose session does not hold together', () => {
  async function payloadOf() {
    return (await buildMinimalLink(sourceOf(24, [10]), chars4, { measure })).payload;
  }

  it.each([
    ['places the context past the session', { at: [[40, 29]] }, 'transcript.session.at'],
    ['gives too few counts', { tokens: '1,2' }, 'transcript.session.tokens'],
    ['has a usage column short of the calls', { output: '1' }, 'transcript.session.output'],
    [
      'names a call past the session',
      { calls: `${(60).toString(36)}` + ',1'.repeat(23) },
      'transcript.session.calls[0]',
    ],
    [
      'orders its compactions backwards',
      {
        compactions: [
          [20, 1, 2, null, 'x'],
          [3, 1, 2, null, 'x'],
        ],
      },
      'transcript.session.compactions[1]',
    ],
  ])('is refused when it %s', async (_, change, path) => {
    const payload = await payloadOf();
    const broken = {
      ...payload,
      transcript: { ...payload.transcript, session: { ...payload.transcript.session!, ...change } },
    };
    const result = validateSharePayload(broken);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.path).toBe(path);
  });

  it('opens a minimal link written before the session and the format travelled', async () => {
    const { session: _session, format: _format, ...older } = (await payloadOf()).transcript;
    const result = upgradePayload(3, { v: 3, variant: 'minimal', transcript: older });
    expect(result.ok).toBe(true);
    const restored = result.ok ? restoreShare(result.payload) : null;
    expect([restored?.format, restored?.session, restored?.messages?.length]).toEqual([null, null, 29]);
    // And one from version 2, which had neither.
    expect(upgradePayload(2, { v: 2, variant: 'minimal', transcript: older }).ok).toBe(true);
  });

  it('refuses a session in a version 2 minimal link, where it did not exist', async () => {
    const payload = await payloadOf();
    const result = upgradePayload(2, { ...payload, v: 2 });
    expect(!result.ok && result.error.message).toBe(
      "The link's contents (version 2) are invalid at transcript.format: this field began with version 3.",
    );
  });
});
