/**
 * The context now against the window, as `/context` in Claude Code draws it:
 * what the request holds, by category, then the free space and the reserve.
 * Built from the same figures as the header (the analysis) and the same
 * category breakdown as "Session over time" (the worker's `breakdownOf`), so
 * the bar cannot disagree with either: a breakdown that does not add up to
 * the header's figures (one still on its way for an earlier view) is not
 * drawn, and the messages show as one part until the right one arrives.
 */
import { appendAll } from '../../core/arrays';
import { CATEGORY_LABELS, type Breakdown, type CategoryKind } from '../../core/session/breakdown';

export type ContextPartKind = CategoryKind | 'messages' | 'framing';

export interface ContextPart {
  kind: ContextPartKind;
  label: string;
  tokens: number;
  /** The tool whose results these are, for `tool-result`. */
  tool?: string;
}

/** The header's figures the picture is drawn from (all from the analysis). */
export interface ContextFigures {
  /** The messages' tokens: the sum of the rows. */
  totalTokens: number;
  framingTokens: number;
  unseenTokens: number;
  /** messages + framing + unseen: what the threshold is compared with. */
  contextTokens: number;
  /** The window (0: no window, compaction off). */
  window: number;
  /** The reserve for the response, as the settings apply it. */
  reserve: number;
}

export interface ContextPicture {
  /** What the request holds now, in the order the bar draws it; adds up to `contextTokens`. */
  parts: ContextPart[];
  contextTokens: number;
  window: number;
  reserve: number;
  /** The window left once the context and the reserve are taken: never below 0. */
  free: number;
  /** The part of the reserve the context has not reached into (what the bar draws for it). */
  reserveLeft: number;
  /** How far the context is past the window: 0 when it fits. */
  over: number;
  /** What the bar's full width stands for: the window, or the context when it is larger or there is no window. */
  scale: number;
  /** The messages are split by category (the breakdown agreed with the header). */
  byCategory: boolean;
}

const MESSAGES_LABEL = 'Messages';
const FRAMING_LABEL = "The list's framing";

/** The breakdown's message categories, when they add up to the header's figures exactly. */
function agreeingCategories(breakdown: Breakdown | null, figures: ContextFigures): ContextPart[] | null {
  if (!breakdown) return null;
  const unseen = breakdown.categories.find((c) => c.kind === 'unrecorded')?.tokens ?? 0;
  const messages = breakdown.categories.filter((c) => c.kind !== 'unrecorded');
  const sum = messages.reduce((total, c) => total + c.tokens, 0);
  if (unseen !== figures.unseenTokens || sum !== figures.totalTokens) return null;
  return messages
    .filter((c) => c.tokens > 0)
    .map((c) => ({ kind: c.kind, label: c.label, tokens: c.tokens, ...(c.tool ? { tool: c.tool } : {}) }));
}

export function contextPicture(figures: ContextFigures, breakdown: Breakdown | null): ContextPicture {
  const { contextTokens, window, reserve } = figures;
  const categories = agreeingCategories(breakdown, figures);
  const parts: ContextPart[] = [];
  if (figures.unseenTokens > 0)
    parts.push({ kind: 'unrecorded', label: CATEGORY_LABELS.unrecorded, tokens: figures.unseenTokens });
  if (categories) appendAll(parts, categories);
  else if (figures.totalTokens > 0)
    parts.push({ kind: 'messages', label: MESSAGES_LABEL, tokens: figures.totalTokens });
  if (figures.framingTokens > 0)
    parts.push({ kind: 'framing', label: FRAMING_LABEL, tokens: figures.framingTokens });
  const room = Math.max(0, window - contextTokens);
  return {
    parts,
    contextTokens,
    window,
    reserve: window > 0 ? reserve : 0,
    free: window > 0 ? Math.max(0, room - reserve) : 0,
    reserveLeft: window > 0 ? Math.min(reserve, room) : 0,
    over: window > 0 ? Math.max(0, contextTokens - window) : 0,
    scale: Math.max(window, contextTokens, 1),
    byCategory: categories !== null,
  };
}
