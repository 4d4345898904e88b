/**
 * Where each summarizing preset divides the conversation into "summarized"
 * and "kept verbatim". Claude Code and Codex summarize everything; OpenCode
 * keeps the newest turns that fit a small budget; Gemini CLI keeps the newest
 * share of the history, from a user message.
 */
import type { Role } from '../message';
import type { HarnessId } from './ids';
import type { HarnessParams } from './params';

/** What the cut rules read; `counts` are the counts after the preset's clearing. */
export interface CutView {
  roles: readonly Role[];
  counts: ArrayLike<number>;
  isSummary: readonly boolean[];
  /** Tool calls on each message; without it, no message is taken to end on an unanswered call. */
  calls?: ArrayLike<number>;
}

export interface HarnessCut {
  /** The first message kept verbatim; the length of the list when everything is summarized. */
  firstKeptIdx: number;
  /** Tokens the preset carries into the rebuilt context besides the summary (Codex's recent prompts). */
  carriedTokens: number;
}

/** OpenCode keeps a verbatim tail of a quarter of the usable window, within these bounds. */
export const OPENCODE_MIN_PRESERVE_RECENT = 2_000;
export const OPENCODE_MAX_PRESERVE_RECENT = 8_000;

const isPrompt = (view: CutView, i: number) => view.roles[i] === 'user' && !view.isSummary[i];

function sum(counts: ArrayLike<number>, from: number, to: number): number {
  let total = 0;
  for (let i = from; i < to; i++) total += counts[i];
  return total;
}

/**
 * Codex rebuilds the context from the user's own prompts, newest first, up to
 * its budget (the one that crosses it is cut short), then the summary. Every
 * prompt counts, those an earlier compaction carried over included; earlier
 * summaries do not.
 */
export function codexCarriedTokens(view: CutView, budget: number): number {
  let total = 0;
  for (let i = view.roles.length - 1; i >= 0 && total < budget; i--) {
    if (isPrompt(view, i)) total += view.counts[i];
  }
  return Math.min(total, budget);
}

/** OpenCode's tail budget: the parameter, or a quarter of the usable window within 2,000–8,000. */
export function openCodeTailBudget(usable: number, p: HarnessParams['opencode']): number {
  if (p.preserveRecentTokens > 0) return p.preserveRecentTokens;
  return Math.min(
    OPENCODE_MAX_PRESERVE_RECENT,
    Math.max(OPENCODE_MIN_PRESERVE_RECENT, Math.floor(usable / 4)),
  );
}

/**
 * OpenCode keeps the newest user turns (two by default) that fit its tail
 * budget and summarizes the rest. When even the newest turn does not fit, or
 * the tail would be the whole conversation, everything is summarized.
 */
export function openCodeCut(
  view: CutView,
  start: number,
  usable: number,
  p: HarnessParams['opencode'],
): number {
  const n = view.roles.length;
  const turnStarts: number[] = [];
  for (let i = start; i < n; i++) if (isPrompt(view, i)) turnStarts.push(i);
  if (p.tailTurns <= 0 || turnStarts.length === 0) return n;
  const budget = openCodeTailBudget(usable, p);
  const recent = turnStarts.slice(-p.tailTurns);
  let kept = n;
  let total = 0;
  for (let k = recent.length - 1; k >= 0; k--) {
    const end = k + 1 < recent.length ? recent[k + 1] : n;
    const size = sum(view.counts, recent[k], end);
    if (total + size > budget) break;
    total += size;
    kept = recent[k];
  }
  return kept <= start ? n : kept;
}

/**
 * Gemini CLI keeps the newest share of the history (30%), split before a real
 * user message: the first one where the older part holds at least 70%. With
 * none there, everything is summarized if the history ends on a reply that
 * asks for no tool, otherwise it splits at the last user message. The kept
 * part therefore holds at most the share, unless only the newest turn is left.
 */
export function geminiCut(view: CutView, start: number, p: HarnessParams['gemini-cli']): number {
  const n = view.roles.length;
  const total = sum(view.counts, start, n);
  const target = total * (1 - p.preserveFraction);
  let lastSplit = start;
  let before = 0;
  for (let i = start; i < n; i++) {
    if (isPrompt(view, i)) {
      if (before >= target) return i;
      lastSplit = i;
    }
    before += view.counts[i];
  }
  const last = n - 1;
  if (last >= start && view.roles[last] === 'assistant' && !(view.calls?.[last] ?? 0)) return n;
  return lastSplit;
}

/**
 * The cut of a summarizing preset, or null for the presets that only clear.
 * `usable` is OpenCode's usable window (its threshold).
 */
export function harnessCut(
  harness: HarnessId,
  view: CutView,
  start: number,
  params: HarnessParams,
  usable: number,
): HarnessCut | null {
  const n = view.roles.length;
  switch (harness) {
    case 'claude-code':
      return { firstKeptIdx: n, carriedTokens: 0 };
    case 'codex':
      return { firstKeptIdx: n, carriedTokens: codexCarriedTokens(view, params.codex.userMessageTokens) };
    case 'opencode':
      return { firstKeptIdx: openCodeCut(view, start, usable, params.opencode), carriedTokens: 0 };
    case 'gemini-cli':
      return { firstKeptIdx: geminiCut(view, start, params['gemini-cli']), carriedTokens: 0 };
    case 'clear-tool-uses':
    case 'mask-observations':
      return null;
  }
}
