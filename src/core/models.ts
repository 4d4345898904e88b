/**
 * Context windows and output limits of popular models, so choosing a model
 * fills the window. One table: add a model here and every picker has it.
 */
import { DEFAULT_KEEP_RECENT_TOKENS, type SettingsFields } from './settings';
import type { TokenizerId } from './tokenizer';

export interface ModelPreset {
  id: string;
  label: string;
  provider: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** The closest tokenizer we have; Claude and Gemini counts are approximate. */
  tokenizer: TokenizerId;
  /**
   * How far the provider's own count runs from `tokenizer`'s, when a measurement
   * was published: the scale this model gets until the user counts exactly
   * (docs/harnesses.md gives the source).
   */
  scale?: number;
}

/**
 * Claude's tokenizer against o200k_base: 16% more tokens on English prose, 21%
 * on mathematics, 30% on Python code (measured on Claude 3.5 Sonnet against
 * GPT-4o, VentureBeat, May 2025; Claude 3 through Opus 4.6 share that
 * tokenizer). Agent transcripts are mostly code and tool output, so the code
 * figure: it errs towards compacting early, never late.
 */
export const CLAUDE_O200K_SCALE = 1.3;

export const MODEL_PRESETS: readonly ModelPreset[] = [
  {
    id: 'gpt-5',
    label: 'GPT-5',
    provider: 'OpenAI',
    contextWindow: 400000,
    maxOutputTokens: 128000,
    tokenizer: 'o200k_base',
  },
  {
    id: 'gpt-5-mini',
    label: 'GPT-5 mini',
    provider: 'OpenAI',
    contextWindow: 400000,
    maxOutputTokens: 128000,
    tokenizer: 'o200k_base',
  },
  {
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    provider: 'OpenAI',
    contextWindow: 1047576,
    maxOutputTokens: 32768,
    tokenizer: 'o200k_base',
  },
  {
    id: 'gpt-4o',
    label: 'GPT-4o',
    provider: 'OpenAI',
    contextWindow: 128000,
    maxOutputTokens: 16384,
    tokenizer: 'o200k_base',
  },
  {
    id: 'gpt-4o-mini',
    label: 'GPT-4o mini',
    provider: 'OpenAI',
    contextWindow: 128000,
    maxOutputTokens: 16384,
    tokenizer: 'o200k_base',
  },
  {
    id: 'o4-mini',
    label: 'o4-mini',
    provider: 'OpenAI',
    contextWindow: 200000,
    maxOutputTokens: 100000,
    tokenizer: 'o200k_base',
  },
  {
    id: 'gpt-4-turbo',
    label: 'GPT-4 Turbo',
    provider: 'OpenAI',
    contextWindow: 128000,
    maxOutputTokens: 4096,
    tokenizer: 'cl100k_base',
  },
  {
    id: 'claude-opus-4-1',
    label: 'Claude Opus 4.1',
    provider: 'Anthropic',
    contextWindow: 200000,
    maxOutputTokens: 32000,
    tokenizer: 'o200k_base',
    scale: CLAUDE_O200K_SCALE,
  },
  {
    id: 'claude-sonnet-4-5',
    label: 'Claude Sonnet 4.5',
    provider: 'Anthropic',
    contextWindow: 200000,
    maxOutputTokens: 64000,
    tokenizer: 'o200k_base',
    scale: CLAUDE_O200K_SCALE,
  },
  {
    id: 'claude-haiku-4-5',
    label: 'Claude Haiku 4.5',
    provider: 'Anthropic',
    contextWindow: 200000,
    maxOutputTokens: 64000,
    tokenizer: 'o200k_base',
    scale: CLAUDE_O200K_SCALE,
  },
  {
    id: 'gemini-2.5-pro',
    label: 'Gemini 2.5 Pro',
    provider: 'Google',
    contextWindow: 1048576,
    maxOutputTokens: 65536,
    tokenizer: 'o200k_base',
  },
  {
    id: 'gemini-2.5-flash',
    label: 'Gemini 2.5 Flash',
    provider: 'Google',
    contextWindow: 1048576,
    maxOutputTokens: 65536,
    tokenizer: 'o200k_base',
  },
  {
    id: 'deepseek-chat',
    label: 'DeepSeek V3',
    provider: 'DeepSeek',
    contextWindow: 128000,
    maxOutputTokens: 8192,
    tokenizer: 'cl100k_base',
  },
  {
    id: 'llama-3.3-70b',
    label: 'Llama 3.3 70B',
    provider: 'Meta (open weights)',
    contextWindow: 131072,
    maxOutputTokens: 8192,
    tokenizer: 'cl100k_base',
  },
  {
    id: 'qwen3-coder',
    label: 'Qwen3 Coder',
    provider: 'Alibaba (open weights)',
    contextWindow: 262144,
    maxOutputTokens: 65536,
    tokenizer: 'cl100k_base',
  },
  {
    id: 'local-32k',
    label: 'Local model, 32k context',
    provider: 'local',
    contextWindow: 32768,
    maxOutputTokens: 4096,
    tokenizer: 'cl100k_base',
  },
  {
    id: 'local-8k',
    label: 'Local model, 8k context',
    provider: 'local',
    contextWindow: 8192,
    maxOutputTokens: 2048,
    tokenizer: 'cl100k_base',
  },
];

export function findModelPreset(id: string): ModelPreset | undefined {
  return MODEL_PRESETS.find((m) => m.id === id);
}

/**
 * The preset a file's model name is, or undefined: the name as the preset
 * spells it, or with a provider prefix (`anthropic/`), a date
 * (`-20250929`, `-2025-08-07`) or `-latest` after it. Claude Code writes
 * `claude-sonnet-4-5-20250929`, which is the listed Claude Sonnet 4.5; a
 * longer name (`gpt-5-codex`) is another model, not `gpt-5`.
 */
export function presetOfModelName(model: string): ModelPreset | undefined {
  const name = model.trim().toLowerCase();
  const bare = name.slice(name.lastIndexOf('/') + 1);
  return MODEL_PRESETS.find((m) => {
    if (!bare.startsWith(m.id)) return false;
    return /^(-\d{8}|-\d{4}-\d{2}-\d{2}|-latest)?$/.test(bare.slice(m.id.length));
  });
}

/**
 * The most a preset reserves for the response, whatever the model could
 * write: Claude Code's rule (the usable window is the window less the output
 * limit, capped at 20k), since an agent rarely asks for a model's full output.
 */
export const MAX_PRESET_RESERVE_TOKENS = 20000;

/**
 * The window, reserve and keep-recent a model preset sets: the model's whole
 * configuration, so a switch from a large model to a small one leaves nothing
 * behind that no longer fits. The reserve comes from the model's output limit
 * (at most 20k, and at most a quarter of the window, so a small local model
 * keeps room for the conversation); keep-recent is the default unless that is
 * more than a quarter of window − reserve, and then exactly that quarter, the
 * value normalization would lower it to. A preset never sets a value the
 * settings refuse or adjust.
 */
export function settingsForModel(
  model: ModelPreset,
): Pick<SettingsFields, 'maxContextTokens' | 'reserveTokens' | 'keepRecentTokens'> {
  const window = model.contextWindow;
  const reserve = Math.min(model.maxOutputTokens, MAX_PRESET_RESERVE_TOKENS, Math.trunc(window / 4));
  return {
    maxContextTokens: window,
    reserveTokens: reserve,
    keepRecentTokens: Math.min(DEFAULT_KEEP_RECENT_TOKENS, Math.trunc((window - reserve) / 4)),
  };
}

/**
 * The scale a model gets before anyone counted exactly on this device: its
 * published correction when our tokenizer is the one it was measured with,
 * else 1 (our counts as they are).
 */
export function defaultScaleFor(model: ModelPreset, tokenizer: TokenizerId): number {
  return model.scale !== undefined && tokenizer === model.tokenizer ? model.scale : 1;
}
