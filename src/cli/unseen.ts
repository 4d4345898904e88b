/**
 * The part of every request the file does not show (system prompt, tools)
 * for the commands that do not go through `analyze`: `compact` counts it in
 * before, after and "again" as `inspect` does in its verdict.
 */
import {
  type Estimator,
  measuredUnseen,
  normalizeSettings,
  resolveUnseen,
  type SettingsInput,
  shapeOf,
  type Unseen,
} from '../core';
import { labUnseenOf } from '../core/harness/measured';
import type { ImportResult } from '../formats/types';

/**
 * `--unseen` (or a link's setting) when given, else the lab's measure of the
 * file's agent version, else what the file's recorded usage measures, else none.
 */
export function unseenFor(imported: ImportResult, settings: SettingsInput, estimator: Estimator): Unseen {
  const typed = normalizeSettings(settings).unseenTokens;
  const lab = labUnseenOf(imported);
  if (typed !== null || lab !== null) return resolveUnseen(null, typed, lab);
  const counts = shapeOf(imported.messages, estimator).counts;
  // A link without its sender's usage still carries what that usage measured.
  const measured = measuredUnseen(imported.messages, counts, imported.history, estimator);
  return resolveUnseen(measured ?? imported.unseenTokens, null);
}
