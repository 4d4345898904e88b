/**
 * What the timeline chart and the call picker draw, derived from the worker's
 * timeline and the strategy shown: kept out of the component so a recount or
 * a hover never re-derives it, and so each number can be checked here. The
 * recorded and the estimated curve are put on one footing: what the file
 * does not show (system prompt, tools) is added back to the estimate.
 */
import { maxOf } from '../../core/arrays';
import type { ReplayResult } from '../../core/session/replay';
import type { TimelineData } from '../../worker/protocol';
import { fmt, plural } from '../format';
import { sampleCalls } from './downsample';

/** Points the chart draws at most; the picker offers fewer, each a button. */
export const CHART_POINTS = 500;
export const PICKER_CALLS = 120;

/** One point of the chart, call numbers counted from 1. */
export interface ChartRow {
  call: number;
  recorded: number | null;
  estimated: number;
  replay: number | undefined;
  cacheRead: number | null;
  cacheWrite: number | null;
}

/** The replay of the strategy shown, or the first when it has none. */
export function replayOf(data: TimelineData, strategy: string): ReplayResult {
  return data.replays.find((r) => r.strategy === strategy) ?? data.replays[0]!;
}

/** The calls before which the agent compacted (those after the last call left out). */
export function compactionCalls(data: TimelineData): number[] {
  return data.compactions.map((m) => m.call).filter((k) => k >= 0);
}

/** The calls that re-read a file a recorded summary stood in for, each once, in order. */
export function rereadCalls(data: TimelineData): number[] {
  const calls = new Set<number>();
  for (const e of data.ledger?.compactions ?? [])
    for (const r of e.rereads) if (r.call >= 0) calls.add(r.call);
  return [...calls].sort((a, b) => a - b);
}

/** The context at call `k`: what the file records, else the estimate with what the file does not show. */
export function callSize(data: TimelineData, k: number): number {
  const point = data.points[k]!;
  return point.recordedTokens ?? point.estimatedTokens + (data.unrecordedTokens ?? 0);
}

/** The highest of the curves at call `k`: a sample keeps the peaks. */
function peakAt(data: TimelineData, replay: ReplayResult, k: number): number {
  const point = data.points[k]!;
  return Math.max(point.recordedTokens ?? 0, point.estimatedTokens, replay.curve[k] ?? 0);
}

/**
 * The chart's points: at most `max`, the peaks of each stretch, and always
 * the compactions, the re-reads and the call shown.
 */
export function chartRows(
  data: TimelineData,
  replay: ReplayResult,
  pinned: number | undefined,
  max = CHART_POINTS,
): ChartRow[] {
  const keep = [...compactionCalls(data), ...rereadCalls(data), ...(pinned === undefined ? [] : [pinned])];
  return sampleCalls(data.points.length, (k) => peakAt(data, replay, k), max, keep).map((k) => {
    const p = data.points[k]!;
    return {
      call: k + 1,
      recorded: p.recordedTokens,
      estimated: p.estimatedTokens + (data.unrecordedTokens ?? 0),
      replay: replay.curve[k],
      cacheRead: p.cacheReadTokens,
      cacheWrite: p.cacheWriteTokens,
    };
  });
}

/** The calls the picker offers: at most `max`, always the compactions and the call shown. */
export function pickerCalls(
  data: TimelineData,
  replay: ReplayResult,
  pinned: number | undefined,
  max = PICKER_CALLS,
): number[] {
  const keep = pinned === undefined ? compactionCalls(data) : [...compactionCalls(data), pinned];
  return sampleCalls(data.points.length, (k) => peakAt(data, replay, k), max, keep);
}

/** The tallest context among `calls`, at least 1: the picker's bars are drawn against it. */
export function tallestOf(data: TimelineData, calls: readonly number[]): number {
  return Math.max(1, maxOf(calls.map((k) => callSize(data, k))) ?? 1);
}

/**
 * The chart's caption: how many calls, where the strategy shown fires, what
 * the estimates add, and how many re-reading calls are marked.
 */
export function chartCaption(
  data: TimelineData,
  replay: ReplayResult,
  strategyLabel: string,
  rereads: readonly number[],
): string {
  return [
    `Context tokens before each of the ${plural(data.points.length, 'call')}`,
    replay.threshold > 0 ? `; ${strategyLabel} fires above ${fmt(replay.threshold)}` : '',
    data.unrecordedTokens
      ? data.unrecordedSource === 'lab'
        ? ` (estimates include the ${fmt(data.unrecordedTokens)} tokens of system prompt and tools the lab measured for this agent version)`
        : ` (estimates include ${fmt(data.unrecordedTokens)} tokens the file's messages do not explain)`
      : '',
    rereads.length > 0
      ? `; ${fmt(rereads.length)} call${rereads.length === 1 ? '' : 's'} re-reading a file a summary stood in for marked`
      : '',
  ].join('');
}

const orDash = (value: number | null) => (value === null ? '–' : fmt(value));

/**
 * A recorded compaction as its button reads: `auto before call 4: 350 → 50`;
 * when the file does not say the size after, the next call's recorded size.
 */
export function markerLabel(data: TimelineData, m: TimelineData['compactions'][number]): string {
  const call = m.call >= 0 ? fmt(m.call + 1) : '–';
  const next = m.call >= 0 ? data.points[m.call]!.recordedTokens : null;
  const after = m.tokensAfter === null && next !== null ? ` (next call ${fmt(next)})` : '';
  return `${m.trigger ?? 'compaction'} before call ${call}: ${orDash(m.tokensBefore)} → ${orDash(m.tokensAfter)}${after}`;
}

/** What a picker button says to assistive technology: `Call 5: 920 tokens (estimated)`. */
export function callLabel(data: TimelineData, k: number): string {
  const estimated = data.points[k]!.recordedTokens === null ? ' (estimated)' : '';
  return `Call ${k + 1}: ${fmt(callSize(data, k))} tokens${estimated}`;
}

/** A picker bar's height in pixels: 8 for an empty call, 32 for the tallest. */
export function pickHeight(tokens: number, tallest: number): number {
  return 8 + Math.round((24 * tokens) / tallest);
}

/**
 * Where a key moves the focus in the picker (one stop in the tab order, the
 * arrows, Home and End move between calls, as in a toolbar); null for a key
 * it does not handle.
 */
export function toolbarTarget(key: string, at: number, count: number): number | null {
  const to =
    key === 'ArrowRight'
      ? at + 1
      : key === 'ArrowLeft'
        ? at - 1
        : key === 'Home'
          ? 0
          : key === 'End'
            ? count - 1
            : null;
  return to === null ? null : Math.max(0, Math.min(count - 1, to));
}

/** A tooltip's value: the tokens at a call, or a dash where the curve has no point. */
export function tooltipTokens(value: unknown): string {
  return value === null ? '–' : `${fmt(Number(value))} tokens`;
}

/** A tooltip's heading: the call, counted from 1 as the axis counts. */
export function tooltipCall(label: unknown): string {
  return `Call ${fmt(Number(label))}`;
}
