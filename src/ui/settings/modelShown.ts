/** Which model the Model field shows: the one chosen, else the file's own model when the list has it. */
import { findModelPreset, presetOfModelName, type ModelPreset } from '../../core/models';
import type { WindowOrigin } from '../../core/modelWindow';

/**
 * The preset the field shows and whether it came from the file. A window taken
 * from the file's model (`200,000 from the file's model claude-sonnet-4-5-…`)
 * shows that model when it is listed with the same window, rather than
 * "Custom window" beside a window nobody typed. Undefined: the window is the
 * user's own, a link's, or a model the list lacks.
 */
export function shownModel(
  modelId: string | null,
  origin: WindowOrigin,
  tokens: number,
): { model: ModelPreset; fromFile: boolean } | undefined {
  const chosen = modelId ? findModelPreset(modelId) : undefined;
  if (chosen) return { model: chosen, fromFile: false };
  if (origin.from !== 'model' && origin.from !== 'file') return undefined;
  const named = origin.model ? presetOfModelName(origin.model) : undefined;
  return named && named.contextWindow === tokens ? { model: named, fromFile: true } : undefined;
}
