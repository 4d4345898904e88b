/**
 * What a preset module holds: everything about one agent's compaction, from
 * its parameters to its explanations. The registry (`registry.ts`) lists the
 * modules; the rules below are shared by all of them. This file knows no
 * preset by name.
 */
import type { Role } from '../message';
import type { InjectedKind } from './injected';

/**
 * What the clearing rules need to know about a transcript beyond roles and
 * counts (built by `toolShape.ts`).
 */
export interface ToolShape {
  /** The tool that produced each tool result; null for every other message. */
  names: (string | null)[];
  /**
   * Tokens of each tool result without its output and images: what stays
   * around a placeholder. 0 for other messages.
   */
  bare: number[];
  /** The assistant message holding the call a tool result answers, or −1. */
  owner: number[];
  /** Tokens of the arguments of that call. */
  argTokens: number[];
  /** Tokens of each assistant message's reasoning. */
  reasoning: number[];
  /** Tool calls on each message. */
  calls: number[];
  /** Tokens of the masking note each tool result would get (it names the line count). */
  masked: number[];
  /** Characters of each tool result's output. */
  chars: number[];
  /**
   * Which user messages are instructions an agent injects (Codex's AGENTS.md
   * and environment context), by kind; null for every other message. Absent
   * when the shape was built without the messages' text.
   */
  injected?: (InjectedKind | null)[];
  /** Tokens of the fixed placeholders. */
  placeholders: {
    /** `[Old tool result content cleared]` */
    cleared: number;
    /** The Anthropic API's placeholder. */
    apiCleared: number;
    /** Cleared call arguments. */
    arguments: number;
    /** Gemini CLI's reply after its summary, as a whole assistant message. */
    acknowledgement: number;
  };
}

/** How one parameter is checked. */
export type ParamRule =
  /** `max`: the largest value that means something (a percent's 100); else `MAX_HARNESS_TOKENS`. */
  | { kind: 'count'; min: number; max?: number }
  /** `atOne`: why 1 is refused, where 1 is not allowed, in that agent's terms. */
  | { kind: 'fraction'; maxInclusive: boolean; atOne?: string }
  | { kind: 'flag' }
  | { kind: 'tools' };

export const count = (min = 0, max?: number): ParamRule =>
  max === undefined ? { kind: 'count', min } : { kind: 'count', min, max };
export const FRACTION_UP_TO_ONE: ParamRule = { kind: 'fraction', maxInclusive: true };
export const FRACTION_BELOW_ONE: ParamRule = { kind: 'fraction', maxInclusive: false };
export const FLAG: ParamRule = { kind: 'flag' };
export const TOOLS: ParamRule = { kind: 'tools' };

/**
 * A command-line option for a parameter. Two presets may share an option
 * (`--max-output`); it then applies to the one chosen with `--strategy`, and
 * the preset that writes its `help` line is named first.
 */
export interface ParamOption {
  /** The option without its dashes. */
  name: string;
  /** Its line in the help; one of the presets sharing an option writes it. */
  help?: string;
  /** What a count counts, for the message when it is not a whole number; tokens by default. */
  unit?: string;
}

/** One parameter: its default, what it may be, and how the settings and the command line name it. */
export interface ParamSpec<T> {
  default: T;
  rule: ParamRule;
  /** The settings field's label. */
  label: string;
  /** A line under the field. */
  hint?: string;
  option?: ParamOption;
}

export interface Trigger {
  /**
   * Tokens at which the preset acts on its own. 0 with `reach`: never on its
   * own (no window is known); 0 with `always`: at every call.
   */
  threshold: number;
  /** `reach`: at tokens ≥ threshold; `exceed`: at tokens > threshold; `always`: at every call. */
  comparison: 'reach' | 'exceed' | 'always';
  /** The formula with the numbers filled in, for reports. */
  formula: string;
}

/**
 * Whether a context of `tokens` sets the trigger off. Agents differ even in
 * that: most act once the context reaches their limit, the Anthropic API once
 * the prompt exceeds its trigger, and observation masking at every call. A
 * threshold of 0 that is not `always` never does.
 */
export function triggers(trigger: Trigger, tokens: number): boolean {
  switch (trigger.comparison) {
    case 'always':
      return true;
    case 'reach':
      return trigger.threshold > 0 && tokens >= trigger.threshold;
    case 'exceed':
      return tokens > trigger.threshold;
  }
}

/** The trigger of a preset that measures against the window when no window is known. */
export const NO_WINDOW: Trigger = { threshold: 0, comparison: 'reach', formula: 'no window' };

/** `window × fraction` rounded down, without the rounding error of binary fractions (200,000 × 0.9). */
export function shareOf(window: number, fraction: number): number {
  return Math.floor(window * fraction + 1e-6);
}

/**
 * When the cut runs: `always` when the preset acts (a summarizing agent's
 * compaction, which Gemini CLI precedes with its truncation); `if-still-over`
 * after a clearing, only while the context still reaches the threshold
 * (OpenCode's prune, then its summary); `never` for presets that only clear.
 */
export type CutStep = 'always' | 'if-still-over' | 'never';

export interface Steps {
  clears: boolean;
  cut: CutStep;
}

/** One message a clearing changes, with its tokens before and after. */
export interface Clearing {
  index: number;
  tokensBefore: number;
  tokensAfter: number;
}

/** What becomes of a tool result's output. */
export type OutputEdit =
  | { kind: 'placeholder'; text: string }
  /** SWE-agent's note with the line count. */
  | { kind: 'mask' }
  /** Gemini CLI's head and tail of `chars` characters. */
  | { kind: 'truncate'; chars: number };

/** How one message changes: enough to apply the plan to the messages themselves. */
export interface MessageEdit {
  output?: OutputEdit;
  /** The arguments of the call this result answers are cleared too. */
  inputs?: boolean;
  /** The message's reasoning is cleared. */
  thinking?: boolean;
}

export interface ClearingPlan {
  /** Ascending by index, one entry per message changed. */
  cleared: Clearing[];
  /** How each of those messages changes, in the same order. */
  edits: MessageEdit[];
  /** Tokens the plan removes. */
  freed: number;
}

export const NO_CLEARING: ClearingPlan = { cleared: [], edits: [], freed: 0 };

/** What the clearing rules read: the transcript's shape and where an earlier summary ends. */
export interface ClearView {
  roles: readonly Role[];
  counts: ArrayLike<number>;
  isSummary: readonly boolean[];
  tools: ToolShape;
  /** The first index a clearing may touch. */
  start: number;
}

/** What the cut rules read; `counts` are the counts after the preset's clearing. */
export interface CutView {
  roles: readonly Role[];
  counts: ArrayLike<number>;
  isSummary: readonly boolean[];
  /** Tool calls on each message; without it, no message is taken to end on an unanswered call. */
  calls?: ArrayLike<number>;
  /** The tools behind the results, for a preset that puts some of them back after the summary. */
  tools?: ToolShape;
  /** The context window; 0 or absent when none is known. Letta aims its kept part at a share of it. */
  window?: number;
}

export interface HarnessCut {
  /** The first message kept verbatim; the length of the list when everything is summarized. */
  firstKeptIdx: number;
  /**
   * Tokens the preset puts back into the rebuilt context besides the summary:
   * Codex's recent prompts, the files Claude Code re-attaches.
   */
  carriedTokens: number;
}

/** Why a preset summarizes nothing, as `explainNothingToCompact` reports it. */
export type PresetNothingReason = 'clears-only' | 'no-split' | 'under-threshold';

/** How the docs table (`docs/harnesses.md`) describes a preset; a test holds the two together. */
export interface PresetDoc {
  trigger: string;
  plan: string;
  sources: string;
}

/**
 * One preset, all of it. `P` is its parameters; every function receives them
 * normalized (defaults filled in, refused values replaced).
 */
export interface Preset<Id extends string, P> {
  id: Id;
  /** How running text names the agent or API ("Claude Code"). */
  agent: string;
  /** What it does, in a few words naming the agent: the strategy list shows `id: summary`, the id being the preset's one name. */
  summary: string;
  /** Where its defaults come from, in a line under its settings. */
  source: string;
  doc: PresetDoc;
  params: { [N in keyof P]: ParamSpec<P[N]> };
  /** It only ever clears in place and never summarizes. */
  clearsOnly: boolean;
  /** Its threshold for a window (0 when none is known), by its own formula. */
  trigger(window: number, p: P): Trigger;
  /**
   * What its formula gives for a known window before the floor of 1 that
   * `trigger` puts under it; absent where the threshold is not a formula of
   * the window (a trigger of its own, every call).
   */
  formulaThreshold?(window: number, p: P): number;
  /** The parameter that is its trigger, for a preset whose threshold is a setting of its own, not a share of the window. */
  triggerParam?: keyof P & string;
  /** Whether it clears, and when its cut runs. */
  steps(p: P): Steps;
  /** What it clears in place; absent for a preset that never clears. */
  clear?(view: ClearView, p: P): ClearingPlan;
  /** Where it cuts; absent for a preset that only clears. `usable` is its threshold. */
  cut?(view: CutView, start: number, p: P, usable: number): HarnessCut;
  /** The reply it has the model give right after the summary (Gemini CLI's "Got it"); absent when none. */
  acknowledgement?: string;
  /** It throws its compaction away when the rebuilt context is larger than the one before (Gemini CLI). */
  discardsGrowth?: boolean;
  /** Summarizer calls one compaction makes: Gemini CLI checks its summary in a second pass. */
  summarizerCalls: number;
  /** The token budget of the user prompts it puts back before the summary; absent when it puts none back. */
  carryBudget?(p: P): number;
  /** Why it summarizes nothing; `after` is " after the previous summary" or similar, or empty. */
  nothing(after: string): { reason: PresetNothingReason; text: string };
  /** Why a clearing-only preset cleared nothing, with the option that changes it. */
  nothingCleared?(results: number, p: P): string;
  /** The tuned settings in the agent's own configuration (`config`, the page's panel), or why it has none. */
  config: PresetConfig<P> | NoConfig;
  /**
   * The instructions of a first summary in the agent's own shape, our words:
   * an arm `cases --prompt preset:<id>` can compare. The preset's compaction
   * itself sends the core's prompt like every strategy; absent when the
   * playground has no such text for the agent.
   */
  summaryInstructions?: string;
}

/** The numbers an agent's own configuration is written from: the tuned settings (`agentConfig.ts`). */
export interface Tuned {
  window: number;
  reserve: number;
  keepRecent: number;
  maxSummary: number;
  /** The point the chosen strategy compacts at (its own trigger for a preset). */
  threshold: number;
  enabled: boolean;
}

export type ConfigFormat = 'env' | 'toml' | 'json' | 'python' | 'typescript';

/** How a preset's agent takes the tuned settings, in its own configuration. */
export interface PresetConfig<P> {
  /** The name `config --harness` takes when the agent's is not the preset's id (the id is then taken too). */
  name?: string;
  /** Where the text goes. */
  file: string;
  format: ConfigFormat;
  /**
   * The text and the notes: what the agent cannot express, the closest it
   * can, and what differs. `own` is this preset's parameters in the
   * settings; `chosen`, whether it is the settings' strategy.
   */
  write(t: Tuned, own: P, chosen: boolean): { text: string; notes: string[] };
}

/** A preset whose agent has no configuration the playground writes, and why. */
export interface NoConfig {
  none: string;
}

/** The parameters a preset module declares, as values. */
export type ParamsOf<T> = T extends Preset<string, infer P> ? P : never;

/** Tokens of `counts[from, to)`. */
export function sumOf(counts: ArrayLike<number>, from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += counts[i];
  return total;
}

/** A real user message: a prompt, not an earlier summary. */
export function isPrompt(view: Pick<CutView, 'roles' | 'isSummary'>, i: number): boolean {
  return view.roles[i] === 'user' && !view.isSummary[i];
}
