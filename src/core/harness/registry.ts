/**
 * The presets: what popular agents and APIs do when the context fills up,
 * each a strategy beside the playground's own three cut rules, each one
 * module named after its id. Everything that names, configures or runs a
 * preset (the settings, the labels, the command line, the share links, the
 * docs table) reads this list; adding a preset is one module and one line
 * here (the recipe is in CONTEXT.md).
 */
import { adkPreset } from './adk';
import { anthropicCompactionPreset } from './anthropic-compaction';
import { claudeCodePreset } from './claude-code';
import { clearToolUsesPreset } from './clear-tool-uses';
import { clinePreset } from './cline';
import { codexPreset } from './codex';
import { geminiCliPreset } from './gemini-cli';
import { goosePreset } from './goose';
import { kiloPreset } from './kilo';
import { langchainSummarizationPreset } from './langchain-summarization';
import { lettaPreset } from './letta';
import { maskObservationsPreset } from './mask-observations';
import { openaiCompactionPreset } from './openai-compaction';
import { opencodePreset } from './opencode';
import { rooCodePreset } from './roo-code';
import type { ParamsOf, ParamSpec, Preset } from './preset';

/** In the order the strategy list and the strategy table show them. */
export const PRESETS = [
  claudeCodePreset,
  codexPreset,
  opencodePreset,
  geminiCliPreset,
  clearToolUsesPreset,
  maskObservationsPreset,
  anthropicCompactionPreset,
  openaiCompactionPreset,
  rooCodePreset,
  kiloPreset,
  goosePreset,
  clinePreset,
  langchainSummarizationPreset,
  adkPreset,
  lettaPreset,
] as const;

type AnyPreset = (typeof PRESETS)[number];

export type HarnessId = AnyPreset['id'];

/** Every preset's parameters, by preset. */
export type HarnessParams = { [P in AnyPreset as P['id']]: ParamsOf<P> };

/** A preset with its parameters' types forgotten: what code that handles any preset reads. */
export type SomePreset = Preset<HarnessId, Record<string, unknown>>;

export const HARNESSES: readonly HarnessId[] = PRESETS.map((p) => p.id);

const BY_ID = new Map<string, SomePreset>(PRESETS.map((p) => [p.id, p as unknown as SomePreset]));

export function isHarness(value: string): value is HarnessId {
  return BY_ID.has(value);
}

export function presetOf(id: HarnessId): SomePreset {
  return BY_ID.get(id)!;
}

/** A preset's parameters by name, each with its spec. */
export function paramSpecs(id: HarnessId): [string, ParamSpec<unknown>][] {
  return Object.entries(presetOf(id).params) as [string, ParamSpec<unknown>][];
}

/** The presets that only clear in place and never summarize. */
export const CLEARING_ONLY: readonly HarnessId[] = PRESETS.filter((p) => p.clearsOnly).map((p) => p.id);

export function clearsOnly(strategy: string): boolean {
  return (CLEARING_ONLY as readonly string[]).includes(strategy);
}

/** The parameter a preset's trigger is, when its threshold is a setting of its own; null otherwise. */
export function triggerParamOf(strategy: string): string | null {
  return isHarness(strategy) ? (presetOf(strategy).triggerParam ?? null) : null;
}
