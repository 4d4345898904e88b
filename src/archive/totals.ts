/**
 * The archive's totals: every count and token sum is the sum of the rows
 * (rows without the figure add nothing), the peak is the largest peak, and
 * the counts of rows that failed or were estimated say how far to trust
 * the sums.
 */
import type { SessionRow } from './row';

export interface ArchiveTotals {
  sessions: number;
  errors: number;
  estimated: number;
  bytes: number;
  messages: number;
  calls: number;
  compactions: number;
  peakContextTokens: number | null;
  inputTokensTotal: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Rows whose model has no known price: their cost is not in `costUsd`. */
  unpriced: number;
  /** Calls that name no model of their own, priced at their session's model. */
  callsWithoutModel: number;
  /** Files under the folder that are not sessions. */
  skippedFiles: number;
  /** Links out of the folder, not followed (the command line's `--follow-links` follows them). */
  skippedLinks: number;
  /** The amnesia bills of every session added up: the longest way back to work after a compaction… */
  billActionsToFirstEditMax: number | null;
  billFilesReRead: number;
  billCommandsReRun: number;
  /** …and the tokens re-gathered, priced where the session's model has a price. */
  billRegatherTokens: number;
  billRegatherCostUsd: number;
  billFactsLost: number;
}

export function emptyTotals(): ArchiveTotals {
  return {
    sessions: 0,
    errors: 0,
    estimated: 0,
    bytes: 0,
    messages: 0,
    calls: 0,
    compactions: 0,
    peakContextTokens: null,
    inputTokensTotal: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    unpriced: 0,
    callsWithoutModel: 0,
    skippedFiles: 0,
    skippedLinks: 0,
    billActionsToFirstEditMax: null,
    billFilesReRead: 0,
    billCommandsReRun: 0,
    billRegatherTokens: 0,
    billRegatherCostUsd: 0,
    billFactsLost: 0,
  };
}

/** Adds one row to `totals`, in place: totals grow as rows arrive. */
export function addRow(totals: ArchiveTotals, row: SessionRow): void {
  totals.sessions++;
  if (row.error !== undefined) totals.errors++;
  if (row.estimated) totals.estimated++;
  totals.bytes += row.bytes;
  totals.messages += row.messages;
  totals.calls += row.calls;
  totals.compactions += row.compactions;
  if (row.peakContextTokens !== null)
    totals.peakContextTokens = Math.max(totals.peakContextTokens ?? 0, row.peakContextTokens);
  totals.inputTokensTotal += row.inputTokensTotal ?? 0;
  totals.cacheReadTokens += row.cacheReadTokens ?? 0;
  totals.cacheWriteTokens += row.cacheWriteTokens ?? 0;
  totals.outputTokens += row.outputTokens ?? 0;
  if (row.costUsd !== null) totals.costUsd += row.costUsd;
  else if (row.error === undefined && row.inputTokensTotal !== null) totals.unpriced++;
  totals.callsWithoutModel += row.callsWithoutModel;
  if (row.billActionsToFirstEdit !== null)
    totals.billActionsToFirstEditMax = Math.max(
      totals.billActionsToFirstEditMax ?? 0,
      row.billActionsToFirstEdit,
    );
  totals.billFilesReRead += row.billFilesReRead ?? 0;
  totals.billCommandsReRun += row.billCommandsReRun ?? 0;
  totals.billRegatherTokens += row.billRegatherTokens ?? 0;
  totals.billRegatherCostUsd += row.billRegatherCostUsd ?? 0;
  totals.billFactsLost += row.billFactsLost ?? 0;
}

export function totalsOf(rows: readonly SessionRow[], skippedFiles = 0, skippedLinks = 0): ArchiveTotals {
  const totals = emptyTotals();
  for (const row of rows) addRow(totals, row);
  totals.skippedFiles = skippedFiles;
  totals.skippedLinks = skippedLinks;
  return totals;
}
