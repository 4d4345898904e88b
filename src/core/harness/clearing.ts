/**
 * Clearing in place: old tool output becomes a placeholder, the message and
 * its place stay. Each agent decides differently what to clear; each rule
 * here is one agent's, and all of them keep the protocol valid: a cleared
 * result keeps its call id and its place after the call, and nothing before
 * an earlier summary is touched again.
 */
import type { Role } from '../message';
import type { HarnessId } from './ids';
import type { HarnessParams } from './params';
import { API_CLEARED_TOOL_RESULT, CLEARED_TOOL_RESULT } from './placeholders';
import type { ToolShape } from './toolShape';

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

/** What the rules read: the transcript's shape and where an earlier summary ends. */
export interface ClearView {
  roles: readonly Role[];
  counts: ArrayLike<number>;
  isSummary: readonly boolean[];
  tools: ToolShape;
  /** The first index a clearing may touch. */
  start: number;
}

export const NO_CLEARING: ClearingPlan = { cleared: [], edits: [], freed: 0 };

/** Claude Code's microcompact clears the output of these tools only: output the agent can fetch again. */
export const CLAUDE_CODE_CLEARABLE_TOOLS: readonly string[] = [
  'Read',
  'Bash',
  'Grep',
  'Glob',
  'WebSearch',
  'WebFetch',
  'Edit',
  'Write',
];

/**
 * Collects edits and the tokens each edited message is left with. Arrays
 * indexed by message, not maps: a masking of 25,000 old results has to fit
 * in a few milliseconds.
 */
class PlanBuilder {
  private readonly after: Float64Array;
  private readonly edits: (MessageEdit | undefined)[];
  private readonly touched: number[] = [];

  constructor(private readonly counts: ArrayLike<number>) {
    this.after = new Float64Array(counts.length);
    this.edits = new Array(counts.length);
  }

  tokens(index: number): number {
    return this.edits[index] ? this.after[index] : this.counts[index];
  }

  /**
   * A placeholder replaces the output whatever its size, as the agents do: a
   * result shorter than the placeholder grows.
   */
  set(index: number, tokensAfter: number, edit: MessageEdit): void {
    const previous = this.edits[index];
    if (!previous) this.touched.push(index);
    this.after[index] = tokensAfter;
    this.edits[index] = previous ? { ...previous, ...edit } : edit;
  }

  lower(index: number, by: number, edit: MessageEdit): void {
    this.set(index, this.tokens(index) - by, edit);
  }

  get freed(): number {
    let freed = 0;
    for (const index of this.touched) freed += this.counts[index] - this.after[index];
    return freed;
  }

  plan(): ClearingPlan {
    const order = Int32Array.from(this.touched).sort();
    const cleared: Clearing[] = new Array(order.length);
    const edits: MessageEdit[] = new Array(order.length);
    for (let k = 0; k < order.length; k++) {
      const index = order[k];
      cleared[k] = { index, tokensBefore: this.counts[index], tokensAfter: this.after[index] };
      edits[k] = this.edits[index]!;
    }
    return { cleared, edits, freed: this.freed };
  }
}

/** Tool results after the start, oldest first. */
function toolResults(view: ClearView): number[] {
  const out: number[] = [];
  for (let i = view.start; i < view.roles.length; i++) if (view.roles[i] === 'tool') out.push(i);
  return out;
}

/** The output of a tool result: its count less what stays around a placeholder. */
function outputTokens(view: ClearView, i: number): number {
  return view.counts[i] - view.tools.bare[i];
}

/** The index of the `turns`-th newest real user message at or after the start; `start` when there are fewer. */
function newestTurnsFrom(view: ClearView, turns: number): number {
  if (turns <= 0) return view.roles.length;
  let seen = 0;
  for (let i = view.roles.length - 1; i >= view.start; i--) {
    if (view.roles[i] === 'user' && !view.isSummary[i] && ++seen === turns) return i;
  }
  return view.start;
}

/**
 * The Anthropic API's `clear_tool_uses_20250919`: every tool result but the
 * newest few becomes a placeholder, oldest first, except the excluded tools'.
 * A minimum that cannot be reached means nothing is cleared: breaking the
 * prompt cache for less is not worth it. The kept uses are the newest of all
 * uses, excluded tools' included (the documentation does not say otherwise).
 */
export function clearToolUses(view: ClearView, p: HarnessParams['clear-tool-uses']): ClearingPlan {
  const { tools } = view;
  const results = toolResults(view);
  const older = results.slice(0, Math.max(0, results.length - p.keepToolUses));
  const b = new PlanBuilder(view.counts);
  for (const i of older) {
    if (tools.names[i] !== null && p.excludeTools.includes(tools.names[i]!)) continue;
    const owner = tools.owner[i];
    const inputs = p.clearInputs && owner >= view.start;
    b.set(i, tools.bare[i] + tools.placeholders.apiCleared, {
      output: { kind: 'placeholder', text: API_CLEARED_TOOL_RESULT },
      ...(inputs ? { inputs: true } : {}),
    });
    if (inputs) b.lower(owner, tools.argTokens[i] - tools.placeholders.arguments, {});
  }
  const applied = b.freed >= p.clearAtLeast ? b : new PlanBuilder(view.counts);
  if (p.clearThinking) {
    // `clear_thinking_20251015`: only the newest turns keep their reasoning.
    const keepFrom = newestTurnsFrom(view, p.keepThinkingTurns);
    for (let i = view.start; i < keepFrom; i++) {
      if (view.roles[i] === 'assistant' && tools.reasoning[i] > 0) {
        applied.lower(i, tools.reasoning[i], { thinking: true });
      }
    }
  }
  return applied.plan();
}

/**
 * Observation masking (SWE-agent, as the JetBrains study ran it): the newest
 * results stay, every older one becomes a note of how many lines it had.
 */
export function maskObservations(view: ClearView, p: HarnessParams['mask-observations']): ClearingPlan {
  const results = toolResults(view);
  const b = new PlanBuilder(view.counts);
  for (const i of results.slice(0, Math.max(0, results.length - p.keepObservations))) {
    b.set(i, view.tools.bare[i] + view.tools.masked[i], { output: { kind: 'mask' } });
  }
  return b.plan();
}

/**
 * OpenCode's pruning: walking back from the newest message, past the newest
 * user turns, the first 40,000 tokens of tool output are protected and
 * everything older is pruned, unless that would free no more than 20,000
 * (a prune that small is not worth breaking the prompt cache). `skill`
 * output is never pruned; an earlier summary ends the walk.
 */
export function pruneToolOutput(view: ClearView, p: HarnessParams['opencode']): ClearingPlan {
  const { tools } = view;
  let turns = 0;
  let total = 0;
  let pruned = 0;
  const candidates: number[] = [];
  for (let i = view.roles.length - 1; i >= view.start; i--) {
    if (view.roles[i] === 'user' && !view.isSummary[i]) turns++;
    if (turns < p.protectTurns || view.roles[i] !== 'tool') continue;
    if (tools.names[i] !== null && p.protectedTools.includes(tools.names[i]!)) continue;
    const output = outputTokens(view, i);
    total += output;
    if (total > p.protect) {
      pruned += output;
      candidates.push(i);
    }
  }
  if (pruned <= p.pruneMinimum) return NO_CLEARING;
  const b = new PlanBuilder(view.counts);
  for (const i of candidates) {
    b.set(i, tools.bare[i] + tools.placeholders.cleared, {
      output: { kind: 'placeholder', text: CLEARED_TOOL_RESULT },
    });
  }
  return b.plan();
}

/**
 * Claude Code's microcompact: the output of tools that can simply be run
 * again (reads, searches, shell) is cleared, all but the newest few. Claude
 * Code does it after an idle pause longer than the prompt cache lives, which
 * a transcript's shape cannot show, so it is a parameter, off by default.
 */
export function microcompact(view: ClearView, p: HarnessParams['claude-code']): ClearingPlan {
  if (!p.microcompact) return NO_CLEARING;
  const { tools } = view;
  const clearable = toolResults(view).filter(
    (i) => tools.names[i] !== null && CLAUDE_CODE_CLEARABLE_TOOLS.includes(tools.names[i]!),
  );
  const b = new PlanBuilder(view.counts);
  for (const i of clearable.slice(0, Math.max(0, clearable.length - p.keepToolResults))) {
    b.set(i, tools.bare[i] + tools.placeholders.cleared, {
      output: { kind: 'placeholder', text: CLEARED_TOOL_RESULT },
    });
  }
  return b.plan();
}

/**
 * Gemini CLI, before it compresses: walking back from the newest result, the
 * first 50,000 tokens of tool output stay whole; an older output longer than
 * 40,000 characters is cut to its head and tail. The cut-down output's tokens
 * are estimated in proportion to the characters it keeps.
 */
export function truncateToolOutput(view: ClearView, p: HarnessParams['gemini-cli']): ClearingPlan {
  const { tools } = view;
  const b = new PlanBuilder(view.counts);
  let used = 0;
  for (let i = view.roles.length - 1; i >= view.start; i--) {
    if (view.roles[i] !== 'tool') continue;
    const output = outputTokens(view, i);
    if (used + output > p.toolOutputBudget && tools.chars[i] > p.truncateChars) {
      const kept = Math.ceil((output * p.truncateChars) / tools.chars[i]);
      b.set(i, tools.bare[i] + kept, { output: { kind: 'truncate', chars: p.truncateChars } });
      used += kept;
    } else {
      used += output;
    }
  }
  return b.plan();
}

/** The clearing step of each preset; Codex clears nothing. */
export function planClearings(harness: HarnessId, view: ClearView, params: HarnessParams): ClearingPlan {
  switch (harness) {
    case 'claude-code':
      return microcompact(view, params['claude-code']);
    case 'codex':
      return NO_CLEARING;
    case 'opencode':
      return pruneToolOutput(view, params.opencode);
    case 'gemini-cli':
      return truncateToolOutput(view, params['gemini-cli']);
    case 'clear-tool-uses':
      return clearToolUses(view, params['clear-tool-uses']);
    case 'mask-observations':
      return maskObservations(view, params['mask-observations']);
  }
}
