/**
 * The ledger of a 20 MB Claude Code session (`audit`): the generated file of
 * the import benchmark with a compact boundary and its summary every 2 MB,
 * so the ledger has ten compactions over 20 MB of history to audit. The
 * import is measured apart; the target is for the audit after it as the
 * command runs it by default (our counts of every message, the ledger, and
 * what every strategy would have left at each compaction: `strategies`),
 * which the page's worker and the command line both run on a loaded
 * session. The same without the strategies (`--no-strategies`) and the
 * ledger alone are given beside it.
 */
import { readFileSync, statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createEstimator } from '../src/core/estimate';
import { compactionLedger, compactionParts } from '../src/core/ledger/ledger';
import { strategiesOfSession } from '../src/core/ledger/strategies';
import { DEFAULT_SETTINGS } from '../src/core/settings';
import { countSession } from '../src/core/session/counted';
import { countChars4 } from '../src/core/tokenizer';
import { importTranscript } from '../src/formats/registry';
import { audit } from '../src/cli/audit';
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
  const runs = options.quick ? 1 : 3;
  const summarizer = createOfflineSummarizer({ paced: false });
  const times: number[] = [];
  const withoutStrategies: number[] = [];
  const ledgerTimes: number[] = [];
  let compactions = 0;
  let facts = 0;
  const importTimes: number[] = [];
  const commandTimes: number[] = [];
  let printed = 0;
  for (let i = 0; i < runs; i++) {
    // Imported again each run, with a new estimator: no run reads what an earlier one cached on its messages.
    const importStart = performance.now();
    const imported = importTranscript(text);
    importTimes.push(performance.now() - importStart);
    const estimator = createEstimator('chars4', countChars4);
    const start = performance.now();
    const { history, shape } = countSession(imported.messages, imported.history, estimator);
    const counted = performance.now();
    const found = compactionParts(history);
    const ledger = compactionLedger(history, shape.counts, { found });
    const ledgered = performance.now();
    await strategiesOfSession(history, DEFAULT_SETTINGS, summarizer, estimator, found);
    const end = performance.now();
    times.push(end - start);
    withoutStrategies.push(ledgered - start);
    ledgerTimes.push(ledgered - counted);
    compactions = ledger.compactions.length;
    facts = 0;
    for (const e of ledger.compactions)
      for (const kind of Object.values(e.facts)) facts += kind.kept.length + kind.lost.length;
  }
  // The command as a user runs it (read, import, count with its tokenizer, ledger, every
  // strategy), after the library's runs: its larger heap does not weigh on theirs.
  for (let i = 0; i < runs; i++) {
    const commandStart = performance.now();
    await audit([file, '--json'], {
      out: (text) => (printed = text.length),
      err: () => {},
    });
    commandTimes.push(performance.now() - commandStart);
  }
  const ms = median(times);
  const command = median(commandTimes);
  const section = 'audit';
  const label = `Claude Code JSONL, ${mb} MB, ${compactions} compactions, ${facts.toLocaleString('en-US')} facts`;
  return [
    { section, name: `${label}: import (apart)`, value: Math.round(median(importTimes)), unit: 'ms' },
    {
      section,
      name: `${label}: audit after import (counts + ledger + every strategy at every compaction)`,
      value: Math.round(ms),
      unit: 'ms',
      target: '≤ 2,000 ms',
      meets: ms <= 2000,
    },
    {
      section,
      name: `${label}: the same with --no-strategies (counts + ledger)`,
      value: Math.round(median(withoutStrategies)),
      unit: 'ms',
    },
    { section, name: `${label}: the ledger alone`, value: Math.round(median(ledgerTimes)), unit: 'ms' },
    {
      section,
      name: `${label}: audit FILE --json, the command from reading the file to its ${Math.round(printed / 1000)} kB of JSON (o200k_base counts)`,
      value: Math.round(command),
      unit: 'ms',
    },
  ];
}
