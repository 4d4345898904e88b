/**
 * `replay FILE`: the session over time. The compactions the file records,
 * then the same session replayed under the given settings and strategy:
 * where each compaction fires, the peak context, and the input tokens the
 * whole session sends (every call re-sends its context: the cost driver).
 */
import { countOf } from '../core/numbers';
import {
  countSession,
  normalizeSettings,
  type RecordedPoint,
  replay,
  type ReplayResult,
  resolveUnseen,
  type SessionHistory,
} from '../core';
import { labUnseenOf } from '../core/harness/measured';
import { offlineReplaySummarizer } from '../providers';
import { costOfSizes, replayedCostOf, sessionModel, sessionSizes, type SessionSizes } from '../archive/row';
import type { ImportResult } from '../formats/types';
import type { SessionCost } from '../providers/sessionCost';
import { estimatorFor } from './estimator';
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

/** The session's sizes as the archive's row reads them (`sessionSizes`): recorded, or counted and `estimated`. */
export type RecordedSizes = Pick<SessionSizes, 'peakContextTokens' | 'inputTokensTotal' | 'estimated'>;

/**
 * What the file itself records about the run: its compactions, and the sizes
 * of its calls as the archive's row has them (`sessionSizes`, one reading for
 * both commands): the usage it records, or, when some call records none,
 * every call counted and the sizes marked `estimated`.
 */
export function recordedSummary(history: SessionHistory, sizes: RecordedSizes, cost: ReplayCost = NO_COST) {
  return {
    compactions: history.compactions.map((c) => ({
      atMessage: c.atMessage,
      trigger: c.trigger,
      tokensBefore: c.tokensBefore,
      tokensAfter: c.tokensAfter,
    })),
    peakContextTokens: sizes.peakContextTokens,
    inputTokensTotal: sizes.inputTokensTotal,
    estimated: sizes.estimated,
    costUsd: cost.recorded?.usd ?? null,
    models: cost.recorded?.models ?? [],
    callsWithoutModel: cost.recorded?.callsWithoutModel ?? 0,
  };
}

/**
 * What the session cost as the file records it and as the replay would have
 * sent it: each call at its own model's list prices, the calls that name no
 * model at the session's (`sessionCost`). The recorded cost is null unless
 * every call records its size, as the recorded sizes are.
 */
export interface ReplayCost {
  recorded: SessionCost | null;
  simulated: number | null;
}

const NO_COST: ReplayCost = { recorded: null, simulated: null };

/** The costs of a session of `sizes` recorded and replayed (`result`), the calls without a model at `model`. */
export function replayCost(sizes: SessionSizes, result: ReplayResult, model: string | null): ReplayCost {
  return {
    recorded: sizes.estimated ? null : costOfSizes(sizes, model),
    simulated: replayedCostOf(sizes, result.curve, model),
  };
}

/** The `--json` document; its field names are the command line's contract. */
export function replayDocument(
  history: SessionHistory,
  points: readonly RecordedPoint[],
  r: ReplayResult,
  sizes: RecordedSizes,
  cost: ReplayCost = NO_COST,
) {
  return {
    calls: points.length,
    recorded: recordedSummary(history, sizes, cost),
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
      costUsd: cost.simulated,
      overflow: r.overflow,
      // Why it made no compaction with the context at its threshold; null otherwise.
      noCompaction: r.noCompaction && { reason: r.noCompaction.reason, text: r.noCompaction.text },
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
  sizes: RecordedSizes,
  cost: ReplayCost,
  model: string | null,
): string {
  const rec = recordedSummary(history, sizes, cost);
  const counted = rec.estimated ? ' (counted: some calls record no usage)' : '';
  const lines = [
    `format      ${imported.format}, ${countOf(history.messages.length, 'message')}, ${countOf(points.length, 'call')}`,
    `recorded    ${rec.compactions.length} compaction${rec.compactions.length === 1 ? '' : 's'}, peak ${n(rec.peakContextTokens)} tokens, input ${n(rec.inputTokensTotal)} tokens over all calls${counted}`,
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
  if (r.noCompaction) lines.push(`why none    ${r.noCompaction.text}`);
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
  lines.push(costLine(cost, model));
  return lines.join('\n');
}

/** `cost        $4.10 recorded (claude-opus-4-5 ×3 $3.90, claude-haiku-4-5 ×1 $0.20), $2.75 simulated`. */
function costLine(cost: ReplayCost, model: string | null): string {
  const usd = (v: number | null) => (v === null ? 'no list price' : `$${v.toFixed(2)}`);
  const byModel = cost.recorded?.models.map((m) => `${m.model} ×${m.calls} ${usd(m.usd)}`).join(', ');
  const without = cost.recorded?.callsWithoutModel ?? 0;
  const note = without
    ? `; ${without} call${without === 1 ? ' names' : 's name'} no model, priced at the session's (${model ?? 'none recorded'})`
    : '';
  const recorded = cost.recorded
    ? `${usd(cost.recorded.usd)} recorded (${byModel || 'no model'}${note})`
    : 'not recorded';
  return `cost        ${recorded}, ${usd(cost.simulated)} simulated, at list prices`;
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
    // The prompt the file's usage counts but does not show (or --unseen, or the lab's measure of the
    // file's agent version) is sent with every simulated call too.
    baseTokens: resolveUnseen(unrecorded, normalizeSettings(settings).unseenTokens, labUnseenOf(imported))
      .tokens,
    ...(values['offline-summary'] ? { summarize: offlineReplaySummarizer(history.messages, estimator) } : {}),
  });
  const model = sessionModel(imported);
  const sizes = await sessionSizes(imported, async () => estimator);
  const cost = replayCost(sizes, result, model);
  io.out(
    values.json
      ? jsonDocument(replayDocument(history, points, result, sizes, cost))
      : renderTable(imported, history, points, result, sizes, cost, model),
  );
  return 0;
}
