/** The token estimator every command that counts loads, from the settings as typed. */
import { type Estimator, loadEstimator, normalizeSettings, type SettingsInput } from '../core';

/** The estimator for settings as typed: the scale a link carries may lie outside the range a user can type. */
export function estimatorFor(settings: SettingsInput): Promise<Estimator> {
  const { tokenizer, scale } = normalizeSettings(settings);
  return loadEstimator(tokenizer, scale);
}
