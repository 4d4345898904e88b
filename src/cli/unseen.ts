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
import type { ImportResult } from '../formats/types';

/** `--unseen` (or a link's setting) when given, else what the file's recorded usage measures, else none. */
export function unseenFor(imported: ImportResult, settings: SettingsInput, estimator: Estimator): Unseen {
  const typed = normalizeSettings(settings).unseenTokens;
  if (typed !== null) return resolveUnseen(null, typed);
  const counts = shapeOf(imported.messages, estimator).counts;
  return resolveUnseen(measuredUnseen(imported.messages, counts, imported.history, estimator), null);
}
