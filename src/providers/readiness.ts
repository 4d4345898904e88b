/**
 * What a provider still needs before a preview may call it. A call that is
 * bound to fail (no address, no model, no key for a service that wants one)
 * is not sent: the page names the missing field instead.
 */
import type { ProviderPreset } from './presets';

/** A field of the provider form, as the page names it. */
export type ProviderField = 'base URL' | 'model' | 'API key';

export interface ProviderFields {
  baseUrl: string;
  model: string;
  apiKey: string;
}

/** The empty fields a call to `preset` needs, in the order the form shows them. */
export function missingFields(preset: ProviderPreset, fields: ProviderFields): ProviderField[] {
  const missing: ProviderField[] = [];
  if (!fields.baseUrl.trim()) missing.push('base URL');
  if (!fields.model.trim() && !preset.modelOptional) missing.push('model');
  if (!fields.apiKey.trim() && preset.needsKey) missing.push('API key');
  return missing;
}

/** "the base URL", "the base URL and the model", "the base URL, the model and the API key". */
export function listFields(fields: readonly ProviderField[]): string {
  const named = fields.map((f) => `the ${f}`);
  if (named.length <= 1) return named.join('');
  return `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}
