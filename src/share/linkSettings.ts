/**
 * The settings and the base URL as a link carries them: only what differs
 * from the defaults, clamped to what the schema takes, and a base URL without
 * anything that authenticates.
 */
import { DEFAULT_SETTINGS, STRATEGIES, type SettingsFields, type SettingsInput } from '../core/settings';
import { TOKENIZERS } from '../core/tokenizer';
import { harnessDifferences } from '../core/harness/params';
import { TYPED_SETTING_LIMITS } from './limits';

/**
 * The settings fields that differ from the defaults. Defaults make up much of
 * a naive payload, and a reader fills them back in anyway; a non-finite
 * number cannot survive JSON, so it is dropped rather than turned into null;
 * an absurd one (a window of 10¹² tokens) is clamped to the schema's bound so
 * the link still opens.
 */
export function stripDefaultSettings(settings: SettingsInput): SettingsInput {
  const out: SettingsInput = {};
  const record = out as Record<string, unknown>;
  for (const field of Object.keys(DEFAULT_SETTINGS) as (keyof SettingsFields)[]) {
    const value: unknown = settings[field];
    if (value === undefined || value === DEFAULT_SETTINGS[field]) continue;
    // The unseen part's default is null (the file's usage decides); a typed one is a number.
    const expected = field === 'unseenTokens' ? 'number' : typeof DEFAULT_SETTINGS[field];
    if (typeof value !== expected) continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) continue;
      const limit = (TYPED_SETTING_LIMITS as Partial<Record<keyof SettingsFields, number>>)[field];
      if (limit !== undefined) {
        const clamped = Math.min(limit, Math.max(-limit, value));
        if (clamped !== DEFAULT_SETTINGS[field]) record[field] = clamped;
        continue;
      }
    }
    if (field === 'strategy' && !STRATEGIES.includes(value as SettingsFields['strategy'])) continue;
    if (field === 'tokenizer' && !TOKENIZERS.includes(value as SettingsFields['tokenizer'])) continue;
    record[field] = value;
  }
  // The presets' parameters are not among the defaults' fields: only those that differ travel.
  const harness = harnessDifferences(settings.harness);
  if (harness) out.harness = harness;
  return out;
}

/**
 * The settings a link carries. A link holds the messages but not the usage
 * each call recorded, so the part of the request the file does not show
 * (system prompt, tools), when the file's usage measured it and nobody typed
 * one, travels as the setting: the reader's verdict counts what the
 * sender's counted.
 */
export function linkSettings<T extends SettingsInput>(settings: T, measuredUnseen: number | null): T {
  return unseenInferred(settings, measuredUnseen) ? { ...settings, unseenTokens: measuredUnseen! } : settings;
}

/**
 * Whether `linkSettings` puts the measured part in: then the link says it was
 * inferred (`SharePayloadCommon.unseen`), so the reader's page does not call
 * it a size the sender set.
 */
export function unseenInferred(settings: SettingsInput, measuredUnseen: number | null): boolean {
  const typed = settings.unseenTokens ?? null;
  return typed === null && measuredUnseen !== null && measuredUnseen > 0;
}

/** Query parameters that carry credentials in some providers' URLs (Gemini accepts `?key=`). */
const SECRET_QUERY_PARAM = /key|token|secret|password|passwd|auth|sig/i;

/**
 * The base URL without anything that authenticates: `user:pass@` and
 * credential-looking query parameters. A URL that does not parse is kept as
 * typed; the secret scanner still looks at it.
 */
export function sanitizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return baseUrl;
  }
  if (
    !url.username &&
    !url.password &&
    ![...url.searchParams.keys()].some((k) => SECRET_QUERY_PARAM.test(k))
  ) {
    return baseUrl;
  }
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_QUERY_PARAM.test(name)) url.searchParams.delete(name);
  }
  return url.href;
}
