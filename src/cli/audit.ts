/**
 * `audit FILE`: the ledger of the compactions the file records. For each,
 * what it summarized and wrote, the facts it kept and lost, the files read
 * again before the next one, and what it cost; the share of each kind of
 * fact kept over the session, and compaction loops. See docs/ledger.md.
 */
import { countOf } from '../core/numbers';
import { appendAll } from '../core/arrays';
import {
  billLine,
  billTotalLine,
  compactionLedger,
  compactionParts,
  countSession,
  factLoss,
  ledgerDocument,
  strategiesOfSession,
  type FactLoss,
  type StrategyAtCompaction,
  LEDGER_KINDS,
  survivalLine,
  type Ledger,
  type LedgerEntry,
} from '../core';
import { ledgerPrice } from '../providers';
import { createOfflineSummarizer } from '../providers/offline';
import type { ImportResult } from '../formats/types';
import { estimatorFor } from './estimator';
import { jsonDocument, type Io } from './io';
import { parse, SETTINGS_HELP, SETTINGS_OPTIONS } from './options';
import { SOURCE_HELP, SOURCE_OPTIONS, loadSource } from './source';

export const AUDIT_HELP = `Usage: compaction-playground audit (FILE | --link URL | --bundle FILE.json) [--json] [settings]

The ledger of every compaction the file records (Claude Code, Codex, pi,
OpenCode, Gemini CLI, Anthropic compaction blocks, summaries in a context):
the facts of what it summarized (paths, commands, errors, instructions,
numbers, todos) kept or lost in its summary, files read again before the next
compaction, the summary call and cache write it cost against the tokens it
saved (priced when the session's model has a list price), the share of each
kind kept over the session, and loops of compactions with almost no work
between them. Beside each compaction, what every strategy would have done
at the same moment under the settings: each compacts the context the agent
had just before it with the offline summarizer, and the agent's facts are
checked against the context it leaves. Nothing calls a model.

Options:
  --no-strategies     leave out what the strategies would have done (faster on
                      long sessions; \`strategies\` is then an empty list)
${SETTINGS_HELP}
${SOURCE_HELP}`;

const AUDIT_OPTIONS = {
  ...SETTINGS_OPTIONS,
  ...SOURCE_OPTIONS,
  'no-strategies': { type: 'boolean' },
} as const;

/** The `--json` document: the ledger's one projection, each fact as its text. */
export function auditDocument(ledger: Ledger, strategies: readonly StrategyAtCompaction[][]) {
  return ledgerDocument(ledger, strategies, (f) => f.text);
}

const n = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));
const usd = (value: number | null) => (value === null ? '–' : `$${value.toFixed(value < 0.01 ? 4 : 2)}`);

/** The first few items of a list, and how many more. */
function some(items: readonly string[], max = 6): string {
  const shown = items.slice(0, max).join(', ');
  return items.length > max ? `${shown}, … ${items.length - max} more` : shown;
}

function entryLines(e: LedgerEntry): string[] {
  const seconds = e.durationMs === null ? '' : `, ${(e.durationMs / 1000).toFixed(1)} s`;
  const lines = [
    `compaction ${e.index + 1} at message ${n(e.atMessage)} (${e.trigger ?? 'trigger not recorded'}, ${e.source}): ${n(e.tokensBefore)} → ${n(e.tokensAfter)} tokens, summary ${n(e.summaryTokens)} tokens${seconds}`,
    `  summarized ${countOf(e.summarized.messages, 'message')} (${n(e.summarized.tokens)} tokens)`,
  ];
  for (const kind of LEDGER_KINDS) {
    const { kept, lost } = e.facts[kind];
    const all = kept.length + lost.length;
    if (all === 0) continue;
    const head = `  ${kind.padEnd(12)} kept ${kept.length} of ${all}`;
    lines.push(lost.length ? `${head}; lost: ${some(lost.map((f) => f.text))}` : head);
  }
  if (e.rereads.length)
    lines.push(
      `  re-reads     ${e.rereads.length}: ${some(e.rereads.map((r) => `${r.path} (message ${n(r.atMessage)})`))}`,
    );
  const c = e.cost;
  const verdict =
    c.paidForItself === null ? '' : c.paidForItself ? ': paid for itself' : ': did not pay for itself';
  lines.push(
    `  cost         ${usd(c.usd)} (summary call ${n(c.summaryInputTokens)} in, ${n(c.summaryOutputTokens)} out; cache write ${n(e.cacheWriteAfter)}); saved ${n(c.savedTokens)} tokens (${usd(c.savedUsd)}) over ${countOf(e.callsUntilNext, 'call')}${verdict}`,
  );
  lines.push(`  bill         ${billLine(e.index, e.atMessage, e.bill)}`);
  return lines;
}

/** The agent's facts kept, against each strategy's at the same moment. */
function strategyLines(e: LedgerEntry, strategies: readonly StrategyAtCompaction[]): string[] {
  const agent = factLoss(e.facts);
  if (agent.all === 0 || strategies.length === 0) return [];
  const kept = (l: FactLoss) => `${l.all - l.lost}/${l.all}`;
  const columns = strategies.map(
    (s) => `${s.strategy} ${kept(s.facts)}${s.tokensAfter === null ? ' (nothing to compact)' : ''}`,
  );
  return [`  facts kept   agent ${kept(agent)}; at the same moment: ${columns.join(', ')}`];
}

function renderLedger(
  imported: ImportResult,
  ledger: Ledger,
  strategies: readonly StrategyAtCompaction[][],
  model: string | null,
): string {
  const count = ledger.compactions.length;
  const lines = [
    `format      ${imported.format}, ${count} recorded compaction${count === 1 ? '' : 's'}, model ${imported.usage?.model ?? 'not recorded'}${model ? '' : ' (no list price: no amounts in dollars)'}`,
  ];
  if (count === 0) return lines.join('\n');
  for (const e of ledger.compactions) {
    lines.push('');
    appendAll(lines, entryLines(e));
    appendAll(lines, strategyLines(e, strategies[e.index] ?? []));
  }
  lines.push('', `survival    ${survivalLine(ledger.survival, count)}`);
  lines.push(`bill        ${billTotalLine(ledger.bill)}`);
  if (ledger.loops.length === 0) lines.push('loops       none');
  for (const l of ledger.loops)
    lines.push(
      `loop        compactions ${l.from + 1}–${l.to + 1}: ${countOf(l.compactions, 'compaction')} over ${countOf(l.calls, 'call')}, ${n(l.tokensSummarizedAgain)} tokens summarized again, ${usd(l.usd)}`,
    );
  return lines.join('\n');
}

export async function audit(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, AUDIT_OPTIONS);
  if (values.help) {
    io.out(AUDIT_HELP);
    return 0;
  }
  // A full link or bundle carries the session over time, its real summaries and its model: the same ledger.
  const { imported, settings } = await loadSource('audit', values, positionals, io);
  const estimator = await estimatorFor(settings);
  const { history, shape } = countSession(imported.messages, imported.history, estimator);
  const price = ledgerPrice(imported.usage?.model);
  const found = compactionParts(history);
  // Each call at its own model's prices; the session's model for the calls that name none.
  const ledger = compactionLedger(history, shape.counts, { price, priceOf: ledgerPrice, found });
  // Unpaced: the strategies' summaries are compared, not watched as they arrive.
  const strategies =
    values['no-strategies'] === true
      ? []
      : await strategiesOfSession(
          history,
          settings,
          createOfflineSummarizer({ paced: false }),
          estimator,
          found,
        );
  io.out(
    values.json
      ? jsonDocument(auditDocument(ledger, strategies))
      : renderLedger(imported, ledger, strategies, price?.model ?? null),
  );
  return 0;
}
