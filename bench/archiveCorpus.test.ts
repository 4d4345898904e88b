import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeOf } from '../src/archive/layout';
import { sessionRow, type SessionRow } from '../src/archive/row';
import { loadEstimator } from '../src/core';
import { rng } from '../testing/rng';
import { chainedText, sessionSizes, template, writeChained, type SampleFormat } from './archiveCorpus';

const PATHS: Record<SampleFormat, string> = {
  'claude-code': '.claude/projects/-home-dev-tool/0000-1111.jsonl',
  codex: '.codex/sessions/2025/10/14/rollout-2025-10-14T08-12-40-0001.jsonl',
  pi: '.pi/agent/sessions/--home-dev-app--/2026-01-21T09-03-11_0001.jsonl',
  'openai-chat': 'Code/globalStorage/saoudrizwan.claude-dev/tasks/1700000000/api_conversation_history.json',
};

async function rowOf(format: SampleFormat, sample: string, copies: number, startMs = 0): Promise<SessionRow> {
  const t = template(format, readFileSync(`public/samples/${sample}`, 'utf8'));
  const text = chainedText(t, copies, { tag: 'f00d', startMs });
  const result = await sessionRow({
    file: PATHS[format],
    place: placeOf(PATHS[format])!,
    chunks: (async function* () {
      yield text;
    })(),
    bytes: () => Buffer.byteLength(text),
    estimator: () => loadEstimator('o200k_base', 1),
  });
  if (result.kind !== 'row') throw new Error(`${sample} was skipped`);
  return result.row;
}

describe('a chained session', () => {
  it("keeps every copy's messages, calls, usage and compactions (Claude Code, with two compactions a copy)", async () => {
    const one = await rowOf('claude-code', 'claude-code-linkcheck.jsonl', 1);
    const three = await rowOf('claude-code', 'claude-code-linkcheck.jsonl', 3);
    expect(three.error).toBeUndefined();
    expect([one.historyMessages, one.calls, one.compactions, one.inputTokensTotal]).toEqual([
      48, 16, 2, 316_403,
    ]);
    expect([three.historyMessages, three.calls, three.compactions, three.inputTokensTotal]).toEqual([
      144, 48, 6, 949_209,
    ]);
    // After its last compaction the context is the last copy's: the same as one copy's.
    expect(three.messages).toBe(one.messages);
    expect(three.peakContextTokens).toBe(one.peakContextTokens);
  });

  it('continues in time: each copy starts after the previous one ends', async () => {
    const one = await rowOf('claude-code', 'claude-code-linkcheck.jsonl', 1);
    const three = await rowOf('claude-code', 'claude-code-linkcheck.jsonl', 3);
    expect(three.firstTime).toBe(one.firstTime);
    expect(three.firstTime).toBe('2026-02-09T10:12:45.404Z');
    // Each copy moves by the sample's span (9 min 2.681 s) plus an hour's pause.
    const step = Date.parse(one.lastTime!) - Date.parse(one.firstTime!) + 3_600_000;
    expect(Date.parse(three.lastTime!)).toBe(Date.parse(one.lastTime!) + 2 * step);
  });

  it('starts a session on another day when asked, every time moved alike', async () => {
    const one = await rowOf('pi', 'pi-table-widths.jsonl', 1);
    const moved = await rowOf('pi', 'pi-table-widths.jsonl', 1, 30 * 86_400_000);
    expect(moved.firstTime).toBe('2026-02-20T09:03:11.204Z');
    expect(Date.parse(moved.lastTime!) - Date.parse(moved.firstTime!)).toBe(
      Date.parse(one.lastTime!) - Date.parse(one.firstTime!),
    );
    expect(moved.inputTokensTotal).toBe(one.inputTokensTotal);
  });

  it('chains a session with no compaction into one growing context (Claude Code)', async () => {
    const two = await rowOf('claude-code', 'claude-code-tallybook.jsonl', 2);
    expect([two.messages, two.historyMessages, two.calls, two.compactions]).toEqual([396, 396, 154, 0]);
  });

  it.each<[SampleFormat, string, number, number, number]>([
    ['codex', 'codex-shared-retry.jsonl', 87, 42, 1],
    ['pi', 'pi-table-widths.jsonl', 39, 13, 1],
  ])('chains %s sessions with their compactions', async (format, sample, history, calls, compactions) => {
    const four = await rowOf(format, sample, 4);
    expect(four.error).toBeUndefined();
    expect(four.format).toBe(format);
    expect([four.historyMessages, four.calls, four.compactions]).toEqual([
      4 * history,
      4 * calls,
      4 * compactions,
    ]);
  });

  it('chains a Chat Completions list that records no usage, its system message once, its sizes counted', async () => {
    const one = await rowOf('openai-chat', 'openai-chat-revenue.json', 1);
    const three = await rowOf('openai-chat', 'openai-chat-revenue.json', 3);
    expect(three.error).toBeUndefined();
    expect(three.estimated).toBe(true);
    // 40 messages, one of them the system message, which is not repeated.
    expect(one.historyMessages).toBe(40);
    expect(three.historyMessages).toBe(1 + 3 * 39);
  });
});

describe('writeChained', () => {
  it('writes the chained text a copy at a time and says how many bytes it wrote', () => {
    const t = template('pi', readFileSync('public/samples/pi-table-widths.jsonl', 'utf8'));
    const dir = mkdtempSync(join(tmpdir(), 'chained-'));
    try {
      const path = join(dir, 'session.jsonl');
      const bytes = writeChained(path, t, 5, { tag: 'beef', startMs: 86_400_000 });
      const text = chainedText(t, 5, { tag: 'beef', startMs: 86_400_000 });
      expect(readFileSync(path, 'utf8')).toBe(text);
      expect(bytes).toBe(Buffer.byteLength(text));
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});

describe('sessionSizes', () => {
  const MB = 1_000_000;
  const sizes = sessionSizes(1000, rng(29));

  it('draws the same sizes from the same seed', () => {
    expect(sessionSizes(1000, rng(29))).toEqual(sizes);
  });

  it('has two sessions of 80–100 MB in a folder of 1,000, and none in a small one', () => {
    expect(sizes.filter((s) => s >= 80 * MB && s <= 100 * MB)).toHaveLength(2);
    expect(sessionSizes(100, rng(29)).filter((s) => s > 40 * MB)).toEqual([]);
  });

  it('makes most sessions 0.5–3 MB and a few 10–40 MB, nothing in between', () => {
    const small = sizes.filter((s) => s >= 0.5 * MB && s <= 3 * MB).length;
    const tens = sizes.filter((s) => s >= 10 * MB && s <= 40 * MB).length;
    expect(small + tens + 2).toBe(1000);
    expect(small).toBeGreaterThan(950);
    expect(tens).toBeGreaterThan(10);
  });
});
