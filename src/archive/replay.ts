/**
 * One session of the archive replayed under the page's settings ("Replay
 * all under these settings"), with the numbers `replay FILE --json` prints
 * as `simulated`: the same replay, the same prompt the file does not show
 * sent with every call, and each call at its own model's prices.
 */
import type { Estimator } from '../core/estimate';
import { normalizeSettings, type SettingsFields } from '../core/settings';
import { countSession } from '../core/session/counted';
import { replay, type ReplayResult } from '../core/session/replay';
import { labUnseenOf } from '../core/harness/measured';
import { resolveUnseen } from '../core/unseen';
import type { ImportResult } from '../formats/types';
import { replayedCostOf, sessionSizes } from './row';

/** What the replay under other settings would have done to one session. */
export interface ArchiveReplay {
  compactions: number;
  peakContextTokens: number;
  inputTokensTotal: number;
  /** Each call at its own model's prices (the row's `model` for calls that name none), with the share of cache reads the session recorded; null when unpriced. */
  costUsd: number | null;
  overflow: boolean;
}

export interface ReplayedSession {
  result: ReplayResult;
  costUsd: number | null;
}

/** `imported` replayed under `settings`, counted by `estimator`; `model` prices the calls that name none. */
export async function replayImported(
  imported: ImportResult,
  settings: SettingsFields,
  estimator: Estimator,
  model: string | null,
): Promise<ReplayedSession> {
  const { shape, unrecorded } = countSession(imported.messages, imported.history, estimator);
  const result = replay(shape, settings, {
    // The prompt the file's usage counts but does not show (or the settings' own, or the lab's) goes with every call.
    baseTokens: resolveUnseen(unrecorded, normalizeSettings(settings).unseenTokens, labUnseenOf(imported))
      .tokens,
  });
  const sizes = await sessionSizes(imported, async () => estimator);
  return { result, costUsd: replayedCostOf(sizes, result.curve, model) };
}

/** The figures "Replay all" shows for one session. */
export async function archiveReplay(
  imported: ImportResult,
  settings: SettingsFields,
  estimator: Estimator,
  model: string | null,
): Promise<ArchiveReplay> {
  const { result: r, costUsd } = await replayImported(imported, settings, estimator, model);
  return {
    compactions: r.compactions.length,
    peakContextTokens: r.peakContextTokens,
    inputTokensTotal: r.inputTokensTotal,
    costUsd,
    overflow: r.overflow,
  };
}
