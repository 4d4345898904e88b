/** Codex CLI's compactions counted from its rollout: the lab's before and after `/compact`. */
import { describe, expect, it } from 'vitest';
import { compactedLines, sessionIdOf } from './codex';

const line = (type: string) => JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type, payload: {} });

describe('compactedLines', () => {
  it('counts each compacted line of a rollout, not the other lines that mention compaction', () => {
    const rollout = [
      line('session_meta'),
      line('response_item'),
      line('compacted'),
      JSON.stringify({
        type: 'event_msg',
        payload: { type: 'context_compacted', note: '"type":"compacted"' },
      }),
      line('compacted'),
      '',
    ].join('\n');
    expect(compactedLines(rollout)).toBe(2);
  });

  it('skips a half-written last line instead of failing on it', () => {
    expect(compactedLines(`${line('compacted')}\n{"type":"compac`)).toBe(1);
  });

  it('finds none in a rollout without a compaction', () => {
    expect(compactedLines([line('session_meta'), line('turn_context')].join('\n'))).toBe(0);
  });
});

describe('sessionIdOf', () => {
  it('reads the session id a rollout is named after, which codex resume takes', () => {
    expect(
      sessionIdOf(
        '/home/.codex/sessions/2026/12/08/rollout-2026-12-08T00-13-19-01a252ff-6781-7d80-940f-97ae8c431d79.jsonl',
      ),
    ).toBe('01a252ff-6781-7d80-940f-97ae8c431d79');
  });

  it('names the file it cannot read an id from', () => {
    expect(() => sessionIdOf('/home/.codex/history.jsonl')).toThrow(
      '/home/.codex/history.jsonl: not a Codex rollout name (rollout-<time>-<session id>.jsonl)',
    );
  });
});
