/**
 * The ledger of a 20 MB Claude Code session (`audit`): the generated file of
 * the import benchmark with a compact boundary and its summary every 2 MB,
 * so the ledger has ten compactions over 20 MB of history to audit. The
 * import is measured apart; the target is for the audit after it (our
 * counts of every message and the ledger), which the page's worker and the
 * command line both run on a loaded session. What every strategy would have
 * left at each compaction (`audit`'s `strategies`, which `--no-strategies`
 * skips) is measured apart, once: it compacts the context once per strategy
 * and compaction.
 */
import { readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createEstimator } from '../src/core/estimate';
import { compactionLedger } from '../src/core/ledger/ledger';
import { strategiesAt } from '../src/core/ledger/strategies';
import { DEFAULT_SETTINGS } from '../src/core/settings';
import { countSession } from '../src/core/session/counted';
import { countChars4 } from '../src/core/tokenizer';
import { importTranscript } from '../src/formats/registry';
import { createOfflineSummarizer } from '../src/providers/offline';
import { generateClaudeCode } from '../testing/transcripts';
import { ensureData } from './importCli';
import { median, type Figure } from './stats';

const EVERY_BYTES = 2_000_000;

/** The generated session with a compaction every `EVERY_BYTES`, each summary naming a few of the files before it. */
export function withCompactions(text: string): string {
  const out: string[] = [];
  let size = 0;
  let k = 0;
  let previous: Record<string, unknown> | null = null;
  let reparent: string | null = null;
  for (const line of text.split('\n')) {
    if (!line) continue;
    const record = JSON.parse(line) as Record<string, unknown>;
    if (reparent) {
      record.parentUuid = reparent;
      reparent = null;
    }
    out.push(JSON.stringify(record));
    size += line.length + 1;
    if (size >= EVERY_BYTES * (k + 1) && previous) {
      k++;
      const base = {
        isSidechain: false,
        userType: 'external',
        cwd: '/home/dev/app',
        sessionId: 'gen-session',
      };
      const boundary = `b${k}`;
      out.push(
        JSON.stringify({
          ...base,
          parentUuid: null,
          logicalParentUuid: record.uuid,
          type: 'system',
          subtype: 'compact_boundary',
          content: 'Conversation compacted',
          compactMetadata: { trigger: 'auto', preTokens: 160_000 + k, durationMs: 30_000 },
          uuid: boundary,
        }),
        JSON.stringify({
          ...base,
          parentUuid: boundary,
          type: 'user',
          isCompactSummary: true,
          message: {
            role: 'user',
            content: `This session is being continued from a previous conversation. Summary ${k}: worked on src/app.ts and src/server.ts; ran npm test.`,
          },
          uuid: `s${k}`,
        }),
      );
      reparent = `s${k}`;
    }
    previous = record;
  }
  return `${out.join('\n')}\n`;
}

export async function auditBench(options: { quick: boolean }): Promise<Figure[]> {
  const file = ensureData('claude-code-20mb-compacted.jsonl', () =>
    withCompactions(generateClaudeCode({ seed: 11, bytes: 20_000_000 })),
  );
  const mb = (statSync(file).size / 1e6).toFixed(1);
  const text = readFileSync(file, 'utf8');
  const importStart = performance.now();
  const imported = importTranscript(text);
  const importMs = performance.now() - importStart;
  const estimator = createEstimator('chars4', countChars4);
  const runs = options.quick ? 1 : 3;
  const times: number[] = [];
  const ledgerTimes: number[] = [];
  let compactions = 0;
  let facts = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const { history, shape } = countSession(imported.messages, imported.history, estimator);
    const counted = performance.now();
    const ledger = compactionLedger(history, shape.counts);
    const end = performance.now();
    times.push(end - start);
    ledgerTimes.push(end - counted);
    compactions = ledger.compactions.length;
    facts = 0;
    for (const e of ledger.compactions)
      for (const kind of Object.values(e.facts)) facts += kind.kept.length + kind.lost.length;
  }
  const { history } = countSession(imported.messages, imported.history, estimator);
  const summarizer = createOfflineSummarizer();
  const strategiesStart = performance.now();
  for (let k = 0; k < compactions; k++)
    await strategiesAt(history, k, DEFAULT_SETTINGS, summarizer, estimator);
  const strategiesMs = performance.now() - strategiesStart;
  const ms = median(times);
  const section = 'audit';
  const label = `Claude Code JSONL, ${mb} MB, ${compactions} compactions, ${facts.toLocaleString('en-US')} facts`;
  return [
    { section, name: `${label}: import (apart)`, value: Math.round(importMs), unit: 'ms' },
    {
      section,
      name: `${label}: audit after import (counts + ledger)`,
      value: Math.round(ms),
      unit: 'ms',
      target: '≤ 2,000 ms',
      meets: ms <= 2000,
    },
    { section, name: `${label}: the ledger alone`, value: Math.round(median(ledgerTimes)), unit: 'ms' },
    {
      section,
      name: `${label}: every strategy at every compaction (apart; --no-strategies skips it)`,
      value: Math.round(strategiesMs),
      unit: 'ms',
    },
  ];
}
