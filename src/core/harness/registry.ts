/**
 * The presets: what popular agents and APIs do when the context fills up,
 * each a strategy beside the playground's own three cut rules, each one
 * module named after its id. Everything that names, configures or runs a
 * preset (the settings, the labels, the command line, the share links, the
 * docs table) reads this list; adding a preset is one module and one line
 * here (the recipe is in CONTEXT.md). Its trigger, clearing and cut are run
 * by id from here too, each rule being in the preset's module.
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
import {
  NO_CLEARING,
  type ClearView,
  type ClearingPlan,
  type CutView,
  type HarnessCut,
  type ParamsOf,
  type ParamSpec,
  type Preset,
  type Steps,
  type Trigger,
} from './preset';

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

/** A preset's parameters as its own rules read them. */
function paramsOf(id: HarnessId, params: HarnessParams): Record<string, unknown> {
  return params[id] as unknown as Record<string, unknown>;
}

/**
 * The threshold a preset's own formula gives for a window, before the floor
 * of 1 its trigger puts under it: below 1 the preset would compact at every
 * call, which no setting means. Null for presets whose threshold is not a
 * formula of the window (the Anthropic API's trigger, masking) or without a window.
 */
export function formulaThreshold(harness: string, window: number, params: HarnessParams): number | null {
  if (window <= 0 || !isHarness(harness)) return null;
  return presetOf(harness).formulaThreshold?.(window, paramsOf(harness, params)) ?? null;
}

/**
 * When a preset acts on its own, by its own formula. Presets that measure
 * against the window are off without one; the Anthropic API's trigger and
 * masking do not depend on it. How the context is compared with it is
 * `triggers` (preset.ts).
 */
export function harnessTrigger(harness: HarnessId, window: number, params: HarnessParams): Trigger {
  return presetOf(harness).trigger(window, paramsOf(harness, params));
}

/**
 * Where a summarizing preset divides the conversation into "summarized" and
 * "kept verbatim"; null for the presets that only clear. `usable` is the
 * preset's threshold (OpenCode's usable window).
 */
export function harnessCut(
  harness: HarnessId,
  view: CutView,
  start: number,
  params: HarnessParams,
  usable: number,
): HarnessCut | null {
  const preset = presetOf(harness);
  return preset.cut ? preset.cut(view, start, paramsOf(harness, params), usable) : null;
}

/**
 * The clearing step of a preset: old tool output becomes a placeholder, the
 * message and its place stay. Nothing for one that never clears.
 */
export function planClearings(harness: HarnessId, view: ClearView, params: HarnessParams): ClearingPlan {
  const preset = presetOf(harness);
  return preset.clear ? preset.clear(view, paramsOf(harness, params)) : NO_CLEARING;
}

/** Whether the preset clears with these parameters, and when its cut runs. */
export function stepsOf(harness: HarnessId, params: HarnessParams): Steps {
  return presetOf(harness).steps(paramsOf(harness, params));
}
