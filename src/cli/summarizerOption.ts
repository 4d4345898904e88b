/**
 * `--provider`, `--model` and `--base-url` turned into the summarizer a
 * compaction runs with. The key comes from the environment only: an option
 * would leave it in shell history and in the process list.
 */
import type { Summarizer } from '../core';
import {
  baseUrlProblem,
  createOfflineSummarizer,
  createProviderSummarizer,
  presetFor,
  type ProviderConfig,
  type ProviderKind,
  type ProviderSummarizerOptions,
} from '../providers';
import { UsageError } from './io';
import { oneOf, type Values } from './options';

export type SummarizerChoice = 'offline' | ProviderKind;

export const SUMMARIZER_CHOICES: readonly SummarizerChoice[] = [
  'offline',
  'openai',
  'anthropic',
  'gemini',
  'openai-compatible',
  'openai-responses',
  'ollama',
];

/** Read first for every provider, so one variable can serve a script that switches providers. */
export const GENERIC_KEY_VARIABLE = 'COMPACTION_PLAYGROUND_API_KEY';

/** Each provider's own variables, in the order they are read: the names its own SDKs use. */
export const KEY_VARIABLES: Readonly<Record<ProviderKind, readonly string[]>> = {
  openai: ['OPENAI_API_KEY'],
  'openai-responses': ['OPENAI_API_KEY'],
  'openai-compatible': ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  gemini: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
  ollama: [],
};

export const PROVIDER_OPTIONS = {
  provider: { type: 'string' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
} as const;

export const PROVIDER_HELP = `  --provider P        offline | openai | anthropic | gemini | openai-compatible |
                      openai-responses | ollama (required)
  --model M           the model (default: the provider's usual small model)
  --base-url URL      the API's address (required for openai-compatible)`;

export const KEY_HELP = `The key is read from the environment, never from an option:
  ${GENERIC_KEY_VARIABLE}   any provider (read first)
  OPENAI_API_KEY      openai, openai-responses, openai-compatible
  ANTHROPIC_API_KEY   anthropic
  GEMINI_API_KEY      gemini (or GOOGLE_API_KEY)
openai-compatible and ollama run without a key when none is set.`;

/** What a compaction ran with, for the report. */
export interface ProviderInfo {
  kind: ProviderKind;
  model: string;
  baseUrl: string;
  /** The environment variable the key came from; null when none was sent. */
  keyFrom: string | null;
}

export interface ChosenSummarizer {
  summarizer: Summarizer;
  /** Null for the offline summarizer. */
  provider: ProviderInfo | null;
  /** For error descriptions. */
  config: ProviderConfig | null;
}

function keyFromEnvironment(kind: ProviderKind, env: NodeJS.ProcessEnv) {
  for (const name of [GENERIC_KEY_VARIABLE, ...KEY_VARIABLES[kind]]) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return null;
}

function checkBaseUrl(raw: string): string {
  const problem = baseUrlProblem(raw);
  if (problem) throw new UsageError(`--base-url: ${problem}`);
  return raw;
}

/** Rejects a key typed as an option before the parser calls it merely unknown. */
export function refuseKeyOptions(argv: readonly string[]): void {
  const typed = argv.find((arg) => /^--(api-?key|key|token)(=|$)/.test(arg));
  if (typed) {
    throw new UsageError(
      `${typed.split('=')[0]}: keys are read from the environment only (${GENERIC_KEY_VARIABLE}, OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY), never from an option`,
    );
  }
}

export function chooseSummarizer(
  values: Values,
  env: NodeJS.ProcessEnv = process.env,
  options: ProviderSummarizerOptions = {},
): ChosenSummarizer {
  if (values.provider === undefined) {
    throw new UsageError(`--provider is required: one of ${SUMMARIZER_CHOICES.join(', ')}`);
  }
  const choice = oneOf(values, 'provider', SUMMARIZER_CHOICES) as SummarizerChoice;
  const model = typeof values.model === 'string' ? values.model.trim() : undefined;
  const baseUrl = typeof values['base-url'] === 'string' ? values['base-url'].trim() : undefined;
  if (choice === 'offline') {
    if (model !== undefined || baseUrl !== undefined) {
      throw new UsageError(
        `--provider offline calls no model: drop ${model !== undefined ? '--model' : '--base-url'}`,
      );
    }
    return { summarizer: createOfflineSummarizer(), provider: null, config: null };
  }

  const { config, provider } = providerFrom(choice, model, baseUrl, env);
  return { summarizer: createProviderSummarizer(config, options), provider, config };
}

/**
 * A provider's configuration from `--model`, `--base-url` and the key in the
 * environment, with the preset's defaults filled in.
 */
export function providerFrom(
  choice: ProviderKind,
  model: string | undefined,
  baseUrl: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { config: ProviderConfig; provider: ProviderInfo } {
  const preset = presetFor({ kind: choice });
  if (!baseUrl && !preset.baseUrl) {
    throw new UsageError(
      `--provider ${choice} needs --base-url (the server's address, e.g. http://localhost:8000/v1)`,
    );
  }
  if (!model && !preset.defaultModel) {
    throw new UsageError(`--provider ${choice} has no default model: name one with --model`);
  }
  const key = keyFromEnvironment(choice, env);
  if (!key && preset.needsKey) {
    const names = [...KEY_VARIABLES[choice], GENERIC_KEY_VARIABLE].join(' or ');
    throw new UsageError(`--provider ${choice} needs an API key: set ${names} in the environment`);
  }
  const config: ProviderConfig = {
    kind: choice,
    baseUrl: baseUrl ? checkBaseUrl(baseUrl) : preset.baseUrl,
    model: model || preset.defaultModel,
    preset: preset.id,
    ...(key ? { apiKey: key.value } : {}),
  };
  return {
    config,
    provider: { kind: choice, model: config.model, baseUrl: config.baseUrl, keyFrom: key?.name ?? null },
  };
}
