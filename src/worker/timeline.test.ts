import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEstimator } from '../core/estimate';
import { STRATEGIES, normalizeSettings } from '../core/settings';
import { importTranscript } from '../formats/registry';
import { breakdownAt, contextAt, ledgerStrategies, timelineData } from './timeline';

const sample = importTranscript(
  readFileSync(join(__dirname, '../../public/samples/claude-code-linkcheck.jsonl'), 'utf8'),
);

describe('the worker timeline', () => {
  it('places each recorded compaction before the first call after it, and replays every strategy', async () => {
    const estimator = await loadEstimator('o200k_base');
    const data = await timelineData(sample, estimator, normalizeSettings({}));
    expect(data.messages).toBe(48);
    expect(data.points).toHaveLength(16);
    expect(data.compactions.map((c) => [c.call, c.tokensBefore])).toEqual([
      [7, 22739],
      [13, 21956],
    ]);
    expect(data.replays.map((r) => r.strategy)).toEqual(STRATEGIES);
    expect(data.recordedPeak).toBe(22471);
    // Claude Code's system prompt and tools: in every call's usage, in none of its lines.
    expect(data.unrecordedTokens).toBeGreaterThan(15_000);
    expect(data.replays[0]!.curve[0]).toBeGreaterThan(data.unrecordedTokens!);
  });

  it('gives the context before a call, and its breakdown adds up to its messages plus what the file does not show', async () => {
    const estimator = await loadEstimator('o200k_base');
    const before7 = contextAt(sample, estimator, 6);
    expect(before7).toHaveLength(19);
    expect(before7[0]!.content).toMatch(/^Our docs CI fails/);
    const after = contextAt(sample, estimator, 7);
    expect(after[0]!.kind).toBe('summary');
    const b = breakdownAt(sample, estimator, before7);
    const messages = before7.reduce((sum, m) => sum + estimator.countMessage(m), 0);
    const unrecorded = b.categories.find((c) => c.kind === 'unrecorded')!.tokens;
    expect(b.total).toBe(messages + unrecorded);
    expect(b.categories.filter((c) => c.kind === 'tool-result').map((c) => c.tool)).toEqual([
      'Edit',
      'Read',
      'Bash',
    ]);
    expect(() => contextAt(sample, estimator, 99)).toThrow('No call #99: the session has 16 calls');
  });

  it('sizes each replayed summary by the offline summarizer when asked, not by its budget', async () => {
    const estimator = await loadEstimator('o200k_base');
    const settings = normalizeSettings({
      maxContextTokens: 30_000,
      reserveTokens: 4_000,
      keepRecentTokens: 4_000,
    });
    const budget = await timelineData(sample, estimator, settings);
    const offline = await timelineData(sample, estimator, settings, true);
    const sizes = (data: typeof budget) => data.replays[0]!.compactions.map((c) => c.summaryTokens);
    expect(sizes(budget).length).toBeGreaterThan(0);
    expect(sizes(offline).length).toBeGreaterThan(0);
    expect(sizes(offline)).not.toEqual(sizes(budget));
    for (const tokens of sizes(offline)) expect(tokens).toBeLessThanOrEqual(3_200 + 100);
  });
});

describe('the ledger the worker hands the page', () => {
  it('leads every lost fact and re-read to a call whose context holds its message, and the row it sits at', async () => {
    const estimator = await loadEstimator('o200k_base');
    const { ledger } = await timelineData(sample, estimator, normalizeSettings({}));
    expect(ledger!.compactions).toHaveLength(2);
    expect(ledger!.survivalLine).toBe(
      'paths 70% · commands 0% · instructions 100% · numbers 100% kept over 2 compactions',
    );
    const first = ledger!.compactions[0]!;
    const paths = first.facts.find((f) => f.kind === 'paths')!;
    expect(paths.lost.map((f) => f.text)).toEqual(['src/cli.ts']);
    const history = sample.history!;
    for (const f of [...paths.lost, ...first.rereads]) {
      const { call, row } = f.target!;
      expect(contextAt(sample, estimator, call)[row]).toBe(history.messages[f.atMessage]);
    }
    // The re-read is marked at the call that made it: the first after the compaction, call 7.
    expect(first.rereads.map((r) => [r.path, r.call])).toEqual([
      ['/home/lee/code/linkcheck/src/check.ts', 7],
    ]);
    expect(first.cost.model).toBe('claude-sonnet-4-5');
  });

  it("bills each compaction in the line audit prints, counted with the page's estimator, and the session in one more", async () => {
    const estimator = await loadEstimator('o200k_base');
    const { ledger } = await timelineData(sample, estimator, normalizeSettings({}));
    expect(ledger!.compactions.map((c) => c.billLine)).toEqual([
      'Compaction 1 at #20: 1 action to the first edit (pace 0, fresh start 3); re-read 1 file, re-ran 0 commands (and 1 check to verify): 503 tokens ($0.0015) re-gathered; 3 facts lost',
      'Compaction 2 at #36: 2 actions to the first edit (pace 0, fresh start 3); re-read 0 files, re-ran 0 commands: 0 tokens ($0) re-gathered; 4 facts lost',
    ]);
    expect(ledger!.billTotalLine).toBe(
      'Over 2 compactions: at most 2 actions to the first edit; re-read 1 file, re-ran 0 commands (and 1 check to verify): 503 tokens ($0.0015) re-gathered; 7 facts lost',
    );
  });

  it('compares the strategies at one compaction as audit --json does: cut, tokens after, facts kept', async () => {
    const estimator = await loadEstimator('o200k_base');
    const settings = normalizeSettings({});
    const first = await ledgerStrategies(sample, estimator, settings, 0);
    expect(first.compaction).toBe(0);
    expect(first.contextMessages).toBe(20);
    expect(first.strategies.map((s) => s.strategy)).toEqual(STRATEGIES);
    // The figures `audit public/samples/claude-code-linkcheck.jsonl --json` prints for compactions[0].
    const row = (name: string) => {
      const s = first.strategies.find((x) => x.strategy === name)!;
      return [s.tokensAfter, s.summarizedMessages, s.keptMessages, s.facts.all - s.facts.lost, s.facts.all];
    };
    expect(row('claude-code')).toEqual([584, 20, 0, 9, 10]);
    expect(row('codex')).toEqual([647, 20, 1, 9, 10]);
    expect(row('clear-tool-uses')).toEqual([2641, 0, 20, 10, 10]);
    expect(row('adk')).toEqual([1881, 12, 8, 10, 10]);
    expect(row('letta')).toEqual([4652, 7, 13, 10, 10]);
    expect(row('budget')).toEqual([null, 0, 20, 10, 10]);
    // Asked again, the comparison made for these settings answers; another compaction has its own context.
    expect((await ledgerStrategies(sample, estimator, settings, 0)).strategies).toEqual(first.strategies);
    expect((await ledgerStrategies(sample, estimator, settings, 1)).compaction).toBe(1);
    await expect(ledgerStrategies(sample, estimator, settings, 2)).rejects.toThrow(
      'No compaction #3: the session records 2',
    );
  });

  it('has no ledger for a file that records no compaction', async () => {
    const estimator = await loadEstimator('o200k_base');
    const plain = importTranscript(JSON.stringify([{ role: 'user', content: 'hi' }]));
    expect((await timelineData(plain, estimator, normalizeSettings({}))).ledger).toBeNull();
  });
});

describe('the worker timeline of a file from an agent version the lab measured', () => {
  const lab = importTranscript(
    readFileSync(join(__dirname, '../formats/fixtures/lab/claude-code/2.1.328/session.jsonl'), 'utf8'),
  );

  it("sends the lab's 8,588 tokens of system prompt and tools with every simulated call, as if they were typed", async () => {
    const estimator = await loadEstimator('o200k_base');
    const measured = await timelineData(lab, estimator, normalizeSettings({}));
    const typed = await timelineData(lab, estimator, normalizeSettings({ unseenTokens: 8_588 }));
    expect([measured.unrecordedTokens, measured.unrecordedSource]).toEqual([8_588, 'lab']);
    expect(measured.replays.map((r) => r.curve)).toEqual(typed.replays.map((r) => r.curve));
    const messages = contextAt(lab, estimator, 0);
    expect(
      breakdownAt(lab, estimator, messages).categories.find((c) => c.kind === 'unrecorded')!.tokens,
    ).toBe(8_588);
  });
});
