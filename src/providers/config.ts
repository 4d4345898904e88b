/** What a user picks to run a summary against a real model. */

/**
 * The wire protocol family. `openai` and `openai-compatible` speak the same
 * Chat Completions protocol; `openai` only fixes the preset.
 */
export type ProviderKind =
  'openai' | 'openai-compatible' | 'openai-responses' | 'anthropic' | 'gemini' | 'ollama';

/** The services of the preset table (`presets.ts`), by id; a config names the one it started from. */
export type PresetId =
  | 'openai'
  | 'openai-responses'
  | 'openrouter'
  | 'groq'
  | 'together'
  | 'mistral'
  | 'deepseek'
  | 'ollama'
  | 'ollama-native'
  | 'lmstudio'
  | 'llamacpp'
  | 'vllm'
  | 'custom'
  | 'anthropic'
  | 'gemini';

export interface ProviderConfig {
  kind: ProviderKind;
  /**
   * For the OpenAI families, the URL up to and including the version
   * (`https://api.openai.com/v1`), as every OpenAI-compatible server documents
   * it. For Anthropic, Gemini and native Ollama, the origin
   * (`https://api.anthropic.com`); a trailing version is tolerated.
   */
  baseUrl: string;
  model: string;
  /** Sent only in the provider's auth header, never in the URL. */
  apiKey?: string;
  /** The preset the user started from; it decides per-service request details. */
  preset?: PresetId;
  /** Headers the user chose to add (e.g. OpenRouter's attribution headers), sent as given. */
  extraHeaders?: Record<string, string>;
}

/** `base` without trailing slashes, then `path`. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}

/** The origin of the base URL, for messages; the raw text when it does not parse. */
export function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

/**
 * Why `raw` cannot be a base URL, or null when it can. Only http(s); no
 * `user:pass@` and no query: a credential there would travel outside the key
 * field's protections (shown on the page, kept in links and history), and a
 * query is where some services accept a key (`?key=`).
 */
export function baseUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `expected an http or https URL, got '${raw}'`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `expected an http or https URL, got '${raw}'`;
  }
  if (url.username || url.password) return 'give the address without a user name or password';
  if (url.search) return 'give the address without a query (?…)';
  return null;
}
