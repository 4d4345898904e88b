/**
 * Every service the playground knows how to call, as data: where it lives,
 * which protocol it speaks, and what to do when the browser cannot reach it.
 * Adding an OpenAI-compatible service is one entry here.
 */
import type { PresetId, ProviderKind } from './config';

export interface ProviderPreset {
  id: PresetId;
  label: string;
  kind: ProviderKind;
  /** Empty for `custom`: the user supplies it. */
  baseUrl: string;
  /** A reasonable first choice; empty where the server decides (whatever is loaded). */
  defaultModel: string;
  /** Hosted services refuse calls without a key; local servers do not need one. */
  needsKey: boolean;
  /** The server answers with whatever model it has loaded, so the model may be left empty. */
  modelOptional?: boolean;
  /**
   * Chat Completions only. OpenAI's reasoning models reject `max_tokens`;
   * most compatible servers know only `max_tokens`.
   */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** Models that reject any `temperature` (OpenAI's reasoning models). */
  noTemperature?: RegExp;
  /**
   * What to do when the browser cannot reach the service at all (a failed
   * fetch, which is also how a CORS refusal looks). `{origin}` is replaced by
   * the page's origin.
   */
  networkFix: string;
}

const OPENAI_REASONING_MODELS = /^(o\d|gpt-5)/;

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'openai',
    label: 'OpenAI (Chat Completions)',
    kind: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4.1-mini',
    needsKey: true,
    maxTokensField: 'max_completion_tokens',
    noTemperature: OPENAI_REASONING_MODELS,
    networkFix:
      'OpenAI accepts calls from web pages, so check the connection, and that no browser extension, VPN or proxy blocks api.openai.com.',
  },
  {
    id: 'openai-responses',
    label: 'OpenAI (Responses)',
    kind: 'openai-responses',
    baseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4.1-mini',
    needsKey: true,
    noTemperature: OPENAI_REASONING_MODELS,
    networkFix:
      'OpenAI accepts calls from web pages, so check the connection, and that no browser extension, VPN or proxy blocks api.openai.com.',
  },
  {
    id: 'anthropic',
    label: 'Anthropic',
    kind: 'anthropic',
    baseUrl: 'https://api.anthropic.com',
    defaultModel: 'claude-haiku-4-5',
    needsKey: true,
    networkFix:
      'Anthropic accepts calls from web pages only with its browser-access header, which the playground sends; check the connection, and that no extension or proxy strips that header or blocks api.anthropic.com.',
  },
  {
    id: 'gemini',
    label: 'Google Gemini',
    kind: 'gemini',
    baseUrl: 'https://generativelanguage.googleapis.com',
    defaultModel: 'gemini-2.5-flash',
    needsKey: true,
    networkFix:
      'Gemini accepts calls from web pages, so check the connection, and that no browser extension, VPN or proxy blocks generativelanguage.googleapis.com.',
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    kind: 'openai-compatible',
    baseUrl: 'https://openrouter.ai/api/v1',
    defaultModel: 'openai/gpt-4.1-mini',
    needsKey: true,
    networkFix: 'Check the connection, and that no browser extension, VPN or proxy blocks openrouter.ai.',
  },
  {
    id: 'groq',
    label: 'Groq',
    kind: 'openai-compatible',
    baseUrl: 'https://api.groq.com/openai/v1',
    defaultModel: 'llama-3.3-70b-versatile',
    needsKey: true,
    networkFix: 'Check the connection, and that no browser extension, VPN or proxy blocks api.groq.com.',
  },
  {
    id: 'together',
    label: 'Together AI',
    kind: 'openai-compatible',
    baseUrl: 'https://api.together.xyz/v1',
    defaultModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
    needsKey: true,
    networkFix: 'Check the connection, and that no browser extension, VPN or proxy blocks api.together.xyz.',
  },
  {
    id: 'mistral',
    label: 'Mistral',
    kind: 'openai-compatible',
    baseUrl: 'https://api.mistral.ai/v1',
    defaultModel: 'mistral-small-latest',
    needsKey: true,
    networkFix: 'Check the connection, and that no browser extension, VPN or proxy blocks api.mistral.ai.',
  },
  {
    id: 'deepseek',
    label: 'DeepSeek',
    kind: 'openai-compatible',
    baseUrl: 'https://api.deepseek.com/v1',
    defaultModel: 'deepseek-chat',
    needsKey: true,
    networkFix: 'Check the connection, and that no browser extension, VPN or proxy blocks api.deepseek.com.',
  },
  {
    id: 'ollama',
    label: 'Ollama (OpenAI-compatible)',
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:11434/v1',
    defaultModel: 'llama3.2',
    needsKey: false,
    networkFix:
      'Make sure Ollama is running (`ollama serve`). Ollama only answers pages served from localhost unless told otherwise: restart it with `OLLAMA_ORIGINS={origin} ollama serve` (on macOS: `launchctl setenv OLLAMA_ORIGINS "{origin}"`, then restart the app).',
  },
  {
    id: 'ollama-native',
    label: 'Ollama (native /api/chat)',
    kind: 'ollama',
    baseUrl: 'http://localhost:11434',
    defaultModel: 'llama3.2',
    needsKey: false,
    networkFix:
      'Make sure Ollama is running (`ollama serve`). Ollama only answers pages served from localhost unless told otherwise: restart it with `OLLAMA_ORIGINS={origin} ollama serve` (on macOS: `launchctl setenv OLLAMA_ORIGINS "{origin}"`, then restart the app).',
  },
  {
    id: 'lmstudio',
    label: 'LM Studio',
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:1234/v1',
    defaultModel: '',
    needsKey: false,
    modelOptional: true,
    networkFix:
      'Make sure the LM Studio server is running with CORS enabled: turn on "Enable CORS" in the Developer tab\'s server settings, or start it with `lms server start --cors`.',
  },
  {
    id: 'llamacpp',
    label: 'llama.cpp server',
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:8080/v1',
    defaultModel: '',
    needsKey: false,
    modelOptional: true,
    networkFix:
      'llama-server answers any origin, so this usually means it is not running at this address: start it with `llama-server -m MODEL.gguf --port 8080` and check the base URL.',
  },
  {
    id: 'vllm',
    label: 'vLLM',
    kind: 'openai-compatible',
    baseUrl: 'http://localhost:8000/v1',
    defaultModel: '',
    needsKey: false,
    networkFix:
      'Make sure `vllm serve` is running at this address. vLLM answers any origin unless it was started with `--allowed-origins`; if so, include {origin} in that list.',
  },
  {
    id: 'custom',
    label: 'Custom (OpenAI-compatible)',
    kind: 'openai-compatible',
    baseUrl: '',
    defaultModel: '',
    needsKey: false,
    networkFix:
      'Check that the server is running at this base URL and that it allows cross-origin requests from {origin} (its CORS setting), including the Authorization and Content-Type headers.',
  },
];

export function findPreset(id: PresetId): ProviderPreset {
  const preset = PROVIDER_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`unknown provider preset: ${id}`);
  return preset;
}

/** A base URL as an address: two spellings of one server (a trailing slash, spaces) compare equal. */
export function addressOf(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '');
}

/**
 * Whether a call to `baseUrl` is a call to the service the preset names. A
 * hosted service (every preset that needs a key) lives at its one address:
 * anywhere else is another server speaking its protocol, a proxy or a
 * gateway, and its failures are that server's. A local server's software is
 * the same at any address, so its advice holds wherever it runs.
 */
export function isPresetService(preset: ProviderPreset, baseUrl: string): boolean {
  return !preset.needsKey || addressOf(baseUrl) === addressOf(preset.baseUrl);
}

/** The built-in preset of `kind` at this address, if there is one. */
export function presetAt(kind: ProviderKind, baseUrl: string): ProviderPreset | undefined {
  const address = addressOf(baseUrl);
  return PROVIDER_PRESETS.find((p) => p.kind === kind && addressOf(p.baseUrl) === address);
}

/** The preset named in a config, else the one that stands for its kind. */
export function presetFor(config: { kind: ProviderKind; preset?: PresetId }): ProviderPreset {
  if (config.preset) return findPreset(config.preset);
  switch (config.kind) {
    case 'openai':
      return findPreset('openai');
    case 'openai-responses':
      return findPreset('openai-responses');
    case 'anthropic':
      return findPreset('anthropic');
    case 'gemini':
      return findPreset('gemini');
    case 'ollama':
      return findPreset('ollama-native');
    case 'openai-compatible':
      return findPreset('custom');
  }
}
