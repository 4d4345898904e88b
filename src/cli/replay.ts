/**
 * `replay FILE`: the session over time. The compactions the file records,
 * then the same session replayed under the given settings and strategy:
 * where each compaction fires, the peak context, and the input tokens the
 * whole session sends (every call re-sends its context: the cost driver).
 */
import {
  countSession,
  normalizeSettings,
  type RecordedPoint,
  replay,
  type ReplayResult,
  usageOf,
  resolveUnseen,
  type SessionHistory,
} from '../core';
import { offlineReplaySummarizer } from '../providers';
import type { ImportResult } from '../formats/types';
import { estimatorFor } from './inspect';
import { jsonDocument, type Io } from './io';
import { SETTINGS_HELP, SETTINGS_OPTIONS, parse } from './options';
import { SOURCE_HELP, SOURCE_OPTIONS, loadSource } from './source';

export const REPLAY_HELP = `Usage: compaction-playground replay (FILE | --link URL | --bundle FILE.json) [options]

Replays the session call by call. Shows the compactions the file records
(with the sizes the agent recorded), then the compactions the chosen strategy
would make under the settings: before which call, the context before and
after, the summary's size; the peak context, the input tokens over all calls,
and whether any call would not fit the window even after compaction.

A full link or bundle carries the session over time (every message, the
recorded compactions, each call's usage), so it replays as the file does.

Options:
${SETTINGS_HELP}
${SOURCE_HELP}
  --offline-summary   size each summary by the offline summarizer's real output
                      (default: a summary takes its whole budget)`;

const n = (value: number | null) => (value === null ? '–' : value.toLocaleString('en-US'));

/**
 * What the file itself records about the run: its compactions, and the sizes
 * its usage reports (`usageOf`, the sums the archive's rows hold).
 */
export function recordedSummary(history: SessionHistory, points: readonly RecordedPoint[]) {
  const usage = usageOf(points.map((p) => ({ ...p, contextTokens: p.recordedTokens })));
  return {
    compactions: history.compactions.map((c) => ({
      atMessage: c.atMessage,
      trigger: c.trigger,
      tokensBefore: c.tokensBefore,
      tokensAfter: c.tokensAfter,
    })),
    peakContextTokens: usage.peakContextTokens,
    inputTokensTotal: usage.inputTokensTotal,
  };
}

/** The `--json` document; its field names are the command line's contract. */
export function replayDocument(history: SessionHistory, points: readonly RecordedPoint[], r: ReplayResult) {
  return {
    calls: points.length,
    recorded: recordedSummary(history, points),
    simulated: {
      strategy: r.strategy,
      compactions: r.compactions.map((c) => ({
        beforeCall: c.beforeCall,
        atMessage: c.atMessage,
        tokensBefore: c.tokensBefore,
        tokensAfter: c.tokensAfter,
        summaryTokens: c.summaryTokens,
      })),
      peakContextTokens: r.peakContextTokens,
      inputTokensTotal: r.inputTokensTotal,
      overflow: r.overflow,
    },
    curve: points.map((p, k) => ({
      call: p.call,
      message: p.atMessage,
      recordedTokens: p.recordedTokens,
      simulatedTokens: r.curve[k]!,
    })),
  };
}

function renderTable(
  imported: ImportResult,
  history: SessionHistory,
  points: readonly RecordedPoint[],
  r: ReplayResult,
): string {
  const rec = recordedSummary(history, points);
  const lines = [
    `format      ${imported.format}, ${n(history.messages.length)} messages, ${n(points.length)} calls`,
    `recorded    ${rec.compactions.length} compaction${rec.compactions.length === 1 ? '' : 's'}, peak ${n(rec.peakContextTokens)} tokens, input ${n(rec.inputTokensTotal)} tokens over all calls`,
  ];
  if (rec.compactions.length) {
    lines.push(
      `  ${'at msg'.padStart(7)}  ${'trigger'.padEnd(7)}  ${'before'.padStart(9)}  ${'after'.padStart(9)}`,
    );
    for (const c of rec.compactions)
      lines.push(
        `  ${n(c.atMessage).padStart(7)}  ${(c.trigger ?? '–').padEnd(7)}  ${n(c.tokensBefore).padStart(9)}  ${n(c.tokensAfter).padStart(9)}`,
      );
  }
  lines.push(
    `simulated   ${r.strategy}, threshold ${n(r.threshold)}: ${r.compactions.length} compaction${r.compactions.length === 1 ? '' : 's'}, peak ${n(r.peakContextTokens)} tokens, input ${n(r.inputTokensTotal)} tokens over all calls`,
  );
  if (r.compactions.length) {
    lines.push(
      `  ${'call'.padStart(6)}  ${'at msg'.padStart(7)}  ${'before'.padStart(9)}  ${'after'.padStart(9)}  ${'summary'.padStart(8)}`,
    );
    for (const c of r.compactions)
      lines.push(
        `  ${n(c.beforeCall).padStart(6)}  ${n(c.atMessage).padStart(7)}  ${n(c.tokensBefore).padStart(9)}  ${n(c.tokensAfter).padStart(9)}  ${n(c.summaryTokens).padStart(8)}`,
      );
  }
  if (r.summarizedAgainTokens > 0)
    lines.push(`resummarized ${n(r.summarizedAgainTokens)} tokens of earlier summaries`);
  lines.push(
    r.overflow
      ? `overflow    ${r.overflowCalls} call${r.overflowCalls === 1 ? '' : 's'} over the ${n(r.window)}-token window even after compaction`
      : `overflow    none`,
  );
  return lines.join('\n');
}

export async function replayCommand(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...SETTINGS_OPTIONS,
    ...SOURCE_OPTIONS,
    'offline-summary': { type: 'boolean' },
  });
  if (values.help) {
    io.out(REPLAY_HELP);
    return 0;
  }
  const { imported, settings } = await loadSource('replay', values, positionals, io);
  const estimator = await estimatorFor(settings);
  const { history, shape, points, unrecorded } = countSession(imported.messages, imported.history, estimator);
  const result = replay(shape, settings, {
    // The prompt the file's usage counts but does not show (or --unseen) is sent with every simulated call too.
    baseTokens: resolveUnseen(unrecorded, normalizeSettings(settings).unseenTokens).tokens,
    ...(values['offline-summary'] ? { summarize: offlineReplaySummarizer(history.messages, estimator) } : {}),
  });
  io.out(
    values.json
      ? jsonDocument(replayDocument(history, points, result))
      : renderTable(imported, history, points, result),
  );
  return 0;
}
