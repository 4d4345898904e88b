/**
 * One session of an archive as a row: the numbers `replay FILE --json`
 * (`recorded`) and `inspect FILE --json` give for the same file, taken from
 * the same functions, and the session's place and times. A file that records
 * the size of every call is never tokenized: its row is its own usage summed
 * (`recordedUsage`). Only a file that does not record it is counted, with the
 * estimator the timeline uses, and its row says `estimated`.
 */
import type { Estimator } from '../core/estimate';
import { countSession } from '../core/session/counted';
import { historyOf, sessionCalls } from '../core/session/calls';
import type { RecordedCall, SessionHistory } from '../core/session/history';
import { recordedUsage } from '../core/session/usage';
import { importChunks } from '../formats/registry';
import { ImportError, type FormatId, type ImportResult } from '../formats/types';
import { resized, sessionCost, type CallTokens, type SessionCost } from '../providers/sessionCost';
import { FactScanner, scanned, type SessionFacts } from './facts';
import type { SessionLayout, SessionPlace } from './layout';
import { ledgerColumns, NO_LEDGER, type LedgerFigures } from './ledger';

export interface SessionRow extends LedgerFigures {
  /** Relative to the opened folder, `/`-separated. */
  file: string;
  /** The importer that read it, or null when it did not import. */
  format: FormatId | null;
  layout: SessionLayout;
  /** The folder the session ran in, else the project as the layout names it (Gemini CLI's hash). */
  project: string | null;
  cwd: string | null;
  subagent: boolean;
  /** ISO 8601, or null when the file names no time. */
  firstTime: string | null;
  lastTime: string | null;
  bytes: number;
  /** The context the file ends with (`inspect`'s messages). */
  messages: number;
  /** Every message the file records, those a compaction hid included. */
  historyMessages: number;
  /** Model calls (`replay`'s `calls`). */
  calls: number;
  /** Compactions the file records. */
  compactions: number;
  peakContextTokens: number | null;
  /** Every call's prompt summed: the tokens the session sent. */
  inputTokensTotal: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  outputTokens: number | null;
  /** The session's model: the last one the file names; calls that name none are priced at it. */
  model: string | null;
  /** Each call at its own model's list prices (`src/providers/sessionCost.ts`). */
  costUsd: number | null;
  /** The models the calls were priced at, with how many calls each: `claude-opus-4-5 ×3, claude-haiku-4-5 ×1`. */
  models: string | null;
  /** Calls whose file names no model of their own: priced at `model`. */
  callsWithoutModel: number;
  /** True when some call records no size and the row's sizes are our count of its context. */
  estimated: boolean;
  error?: string;
}

/** One recorded compaction of a session: the archive's second table. */
export interface CompactionRow extends LedgerFigures {
  file: string;
  /** 0-based, in the order they happened. */
  index: number;
  atMessage: number;
  trigger: string | null;
  tokensBefore: number | null;
  tokensAfter: number | null;
  source: string;
  line: number | null;
}

/** One session's row and its compactions. */
export interface SessionResult {
  kind: 'row';
  row: SessionRow;
  compactions: CompactionRow[];
}

export type RowResult =
  | SessionResult
  /** A file of many sessions (OpenCode's database): a row each, in the file's order. */
  | { kind: 'rows'; rows: SessionResult[] }
  /** Not a session after all: a `.jsonl` in no agent's layout that does not import. */
  | { kind: 'skipped' };

/** The session rows of a result: none, one, or a database's many. */
export function sessionResults(result: RowResult): SessionResult[] {
  return result.kind === 'row' ? [result] : result.kind === 'rows' ? result.rows : [];
}

export interface RowInput {
  file: string;
  place: SessionPlace;
  chunks: AsyncIterable<string>;
  /** The bytes read by the end of the import (the reader counts them before decoding). */
  bytes: () => number;
  /** The file's size, when known before reading: one over the import limit is refused unread. */
  totalBytes?: number;
  /** Loaded only for a file whose usage does not give every call's size. */
  estimator: () => Promise<Estimator>;
  signal?: AbortSignal;
  /** Hears the imported session, so a caller that needs more than the row (a replay) does not import it again. */
  onImported?: (imported: ImportResult) => void;
}

/** Import codes that mean "not a session" rather than "a broken session". */
const NOT_A_SESSION = new Set(['not-a-transcript', 'empty', 'no-messages', 'binary']);

export async function sessionRow(input: RowInput): Promise<RowResult> {
  const scanner = new FactScanner();
  let imported: ImportResult;
  try {
    imported = await importChunks(scanned(input.chunks, scanner), {
      // The path from the opened folder: in an archive a base name alone is ambiguous.
      fileName: input.file,
      signal: input.signal,
      ...(input.totalBytes !== undefined ? { totalBytes: input.totalBytes } : {}),
    });
  } catch (error) {
    if (error instanceof ImportError && error.code === 'aborted') throw error;
    if (input.place.layout === 'jsonl' && error instanceof ImportError && NOT_A_SESSION.has(error.code))
      return { kind: 'skipped' };
    return { kind: 'row', row: failedRow(input, messageOf(error), input.bytes()), compactions: [] };
  }
  input.onImported?.(imported);
  return rowOf(input, imported, scanner.result(), input.bytes());
}

/** The row of a file that did not import: its place, and why. */
export function failedRow(input: Pick<RowInput, 'file' | 'place'>, error: string, bytes = 0): SessionRow {
  return {
    file: input.file,
    format: null,
    layout: input.place.layout,
    project: input.place.project,
    cwd: null,
    subagent: input.place.subagent,
    firstTime: null,
    lastTime: null,
    bytes,
    messages: 0,
    historyMessages: 0,
    calls: 0,
    compactions: 0,
    peakContextTokens: null,
    inputTokensTotal: null,
    cacheReadTokens: null,
    cacheWriteTokens: null,
    outputTokens: null,
    model: null,
    costUsd: null,
    models: null,
    callsWithoutModel: 0,
    estimated: false,
    ...NO_LEDGER,
    error,
  };
}

export interface SessionSizes {
  calls: number;
  peakContextTokens: number | null;
  inputTokensTotal: number | null;
  cacheReadTokens: number | null;
  cacheWriteTokens: number | null;
  outputTokens: number | null;
  estimated: boolean;
  /** Each call's tokens and model, as the cost prices them; empty when some call's size is unknown. */
  perCall: CallTokens[];
  /** Output not recorded per call (a file without usage: what the assistant wrote, counted). */
  restOutput: number | null;
}

/**
 * The sizes of a session: its recorded usage when every call records its
 * size (nothing is tokenized), else each call's recorded size or, where it
 * has none, our count of the context it was sent plus what the file does not
 * show (`countSession`, the timeline's curve).
 */
export async function sessionSizes(
  imported: ImportResult,
  estimator: () => Promise<Estimator>,
): Promise<SessionSizes> {
  const history = historyOf(imported.messages, imported.history);
  const calls = sessionCalls(history);
  const usage = recordedUsage(history);
  if (usage.calls === 0 || usage.recordedCalls === usage.calls) {
    const perCall = calls.map((c) => callTokens(c.recorded, c.recorded?.contextTokens ?? 0));
    return { ...usage, estimated: false, perCall, restOutput: null };
  }
  const { points, unrecorded, shape } = countSession(imported.messages, imported.history, await estimator());
  let peak = 0;
  let total = 0;
  const perCall: CallTokens[] = [];
  points.forEach((p, k) => {
    const size = p.recordedTokens ?? p.estimatedTokens + (unrecorded ?? 0);
    peak = Math.max(peak, size);
    total += size;
    perCall.push(callTokens(calls[k]?.recorded ?? null, size));
  });
  const restOutput = usage.outputTokens === null ? assistantTokens(history, shape.counts) : null;
  return {
    ...usage,
    peakContextTokens: peak,
    inputTokensTotal: total,
    outputTokens: usage.outputTokens ?? restOutput,
    estimated: true,
    perCall,
    restOutput,
  };
}

/** One call as the cost prices it: `size` sent, its recorded cache and output, its model. */
function callTokens(recorded: RecordedCall | null, size: number): CallTokens {
  return {
    ...(recorded?.model !== undefined ? { model: recorded.model } : {}),
    inputTokens: size,
    cacheReadTokens: recorded?.cacheReadTokens ?? null,
    cacheWriteTokens: recorded?.cacheWriteTokens ?? null,
    outputTokens: recorded?.outputTokens ?? null,
  };
}

/**
 * The session at each call's own model's prices (`sessionCost`), the calls
 * that name none at `model`; null when some call's size is unknown.
 */
export function costOfSizes(sizes: SessionSizes, model: string | null): SessionCost | null {
  if (sizes.inputTokensTotal === null) return null;
  const rest = {
    inputTokens: 0,
    cacheReadTokens: null,
    cacheWriteTokens: null,
    outputTokens: sizes.restOutput,
  };
  return sessionCost(sizes.perCall, model, rest);
}

/** The same session replayed: call k sends `curve[k]`, at the same models and cache share. */
export function replayedCostOf(
  sizes: SessionSizes,
  curve: readonly number[],
  model: string | null,
): number | null {
  if (sizes.inputTokensTotal === null) return null;
  const rest = {
    inputTokens: 0,
    cacheReadTokens: null,
    cacheWriteTokens: null,
    outputTokens: sizes.restOutput,
  };
  return sessionCost(resized(sizes.perCall, curve), model, rest).usd;
}

/** What the assistant wrote, counted: the output a file without usage stands for. */
function assistantTokens(history: SessionHistory, counts: ArrayLike<number>): number {
  let sum = 0;
  history.messages.forEach((m, i) => {
    if (m.role === 'assistant') sum += counts[i]!;
  });
  return sum;
}

async function rowOf(
  input: RowInput,
  imported: ImportResult,
  facts: SessionFacts,
  bytes: number,
): Promise<RowResult> {
  const sizes = await sessionSizes(imported, input.estimator);
  const history = historyOf(imported.messages, imported.history);
  const model = sessionModel(imported) ?? facts.model;
  const cost = costOfSizes(sizes, model);
  const ledger = await ledgerColumns(imported, input.estimator, model);
  const row: SessionRow = {
    file: input.file,
    format: imported.format,
    layout: input.place.layout,
    project: facts.cwd ?? input.place.project,
    cwd: facts.cwd,
    subagent: input.place.subagent,
    firstTime: isoOf(facts.firstTime),
    lastTime: isoOf(facts.lastTime),
    bytes,
    messages: imported.messages.length,
    historyMessages: history.messages.length,
    calls: sizes.calls,
    compactions: history.compactions.length,
    peakContextTokens: sizes.peakContextTokens,
    inputTokensTotal: sizes.inputTokensTotal,
    cacheReadTokens: sizes.cacheReadTokens,
    cacheWriteTokens: sizes.cacheWriteTokens,
    outputTokens: sizes.outputTokens,
    model,
    costUsd: cost?.usd ?? null,
    models: cost ? modelsOf(cost) : null,
    callsWithoutModel: cost?.callsWithoutModel ?? 0,
    estimated: sizes.estimated,
    ...ledger.session,
  };
  const compactions = history.compactions.map((c, index): CompactionRow => ({
    file: input.file,
    index,
    atMessage: c.atMessage,
    trigger: c.trigger,
    tokensBefore: c.tokensBefore,
    tokensAfter: c.tokensAfter,
    source: c.source,
    line: c.line ?? null,
    ...(ledger.compactions[index] ?? NO_LEDGER),
  }));
  return { kind: 'row', row, compactions };
}

/**
 * The session's model, at whose prices the calls that name none are priced:
 * the one the file's usage names, else the newest one a call names.
 */
export function sessionModel(imported: ImportResult): string | null {
  if (imported.usage?.model) return imported.usage.model;
  const calls = imported.history?.calls ?? [];
  for (let k = calls.length - 1; k >= 0; k--) if (calls[k]!.model) return calls[k]!.model!;
  return null;
}

/** The models the calls were priced at, with their calls: `claude-opus-4-5 ×3, claude-haiku-4-5 ×1`. */
function modelsOf(cost: SessionCost): string | null {
  return cost.models.length ? cost.models.map((m) => `${m.model} ×${m.calls}`).join(', ') : null;
}

function isoOf(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
