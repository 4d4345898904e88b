/**
 * The context window a transcript's own model has. Claude Code, Codex, pi,
 * Gemini CLI and OpenCode write the model into the file; a file measured
 * against a generic window says "past the window" of a session that fitted.
 * The window in force is the one the user typed (or a link carried), else
 * the one the file states, else its model's, else the default.
 */
import type { FileUsage } from './fileUsage';

/** One model family: the names it goes by and its window in tokens. */
interface WindowFamily {
  /** Matched against the model's name, lower-cased and without a provider prefix (`anthropic/`). */
  pattern: RegExp;
  window: number;
}

/**
 * Windows by family, first match wins: specific names before the family
 * they would otherwise fall into.
 */
const WINDOW_FAMILIES: readonly WindowFamily[] = [
  // Claude Code names a 1M variant with a `[1m]` suffix; Anthropic serves it with the
  // context-1m beta. https://platform.claude.com/docs/en/build-with-claude/context-windows
  { pattern: /^claude-.*\[1m\]$/, window: 1_000_000 },
  // Every Claude 3 and 4 model: 200k. https://docs.anthropic.com/en/docs/about-claude/models/overview
  { pattern: /^claude-/, window: 200_000 },
  // codex-mini-latest: 200k. https://platform.openai.com/docs/models/codex-mini-latest
  { pattern: /^codex-mini/, window: 200_000 },
  // GPT-5, its mini and nano, and the Codex models built on it (gpt-5-codex, gpt-5.1-codex):
  // 400k. https://platform.openai.com/docs/models/gpt-5 and /gpt-5-codex
  { pattern: /^gpt-5/, window: 400_000 },
  // GPT-4.1 family: 1,047,576. https://platform.openai.com/docs/models/gpt-4.1
  { pattern: /^gpt-4\.1/, window: 1_047_576 },
  // GPT-4o family: 128k. https://platform.openai.com/docs/models/gpt-4o
  { pattern: /^gpt-4o/, window: 128_000 },
  // o3 and o4-mini: 200k. https://platform.openai.com/docs/models/o3
  { pattern: /^o[134](-|$)/, window: 200_000 },
  // Gemini 2.0, 2.5 and 3 models: 1,048,576 input tokens.
  // https://ai.google.dev/gemini-api/docs/models (gemini-2.5-pro, gemini-2.5-flash)
  { pattern: /^gemini-(2\.[05]|3)/, window: 1_048_576 },
];

/** The window of the model named `model`, or null when no family matches. */
export function modelWindow(model: string): number | null {
  const name = model.trim().toLowerCase();
  const bare = name.slice(name.lastIndexOf('/') + 1);
  return WINDOW_FAMILIES.find((f) => f.pattern.test(bare))?.window ?? null;
}

/** Where the window in force came from. */
export type WindowOrigin =
  /** The user typed it (`--window`, the page's field, a model preset). */
  | { from: 'typed' }
  /** A share link or bundle carried it. */
  | { from: 'link' }
  /** The file states its window (Codex's `model_context_window`). */
  | { from: 'file'; model?: string }
  /** The window of the model the file names. */
  | { from: 'model'; model: string }
  /** The agent's own settings decided it (Claude Code's `autoCompactWindow`, its environment), as `source` says. */
  | { from: 'agent'; agent: string; source: string }
  /** Nothing says: the settings' default. */
  | { from: 'default' };

/** The window the file itself gives, from what it states or the model it names; null when neither says. */
export function fileWindow(usage: FileUsage | undefined): { tokens: number; origin: WindowOrigin } | null {
  if (!usage) return null;
  if (usage.contextWindow)
    return {
      tokens: usage.contextWindow,
      origin: { from: 'file', ...(usage.model ? { model: usage.model } : {}) },
    };
  const tokens = usage.model ? modelWindow(usage.model) : null;
  return tokens ? { tokens, origin: { from: 'model', model: usage.model! } } : null;
}

/**
 * The window in force and where it came from: one the user typed or a link
 * carried (`given`), else the file's, else `fallback` (the default).
 */
export function windowInForce(
  given: { tokens: number; from: 'typed' | 'link' } | null,
  usage: FileUsage | undefined,
  fallback: number,
): { tokens: number; origin: WindowOrigin } {
  if (given) return { tokens: given.tokens, origin: { from: given.from } };
  return fileWindow(usage) ?? { tokens: fallback, origin: { from: 'default' } };
}

const n = (value: number) => value.toLocaleString('en-US');

/** `200,000 from the file's model claude-sonnet-4-5`: the window and where it came from, in words. */
export function describeWindowOrigin(tokens: number, origin: WindowOrigin): string {
  switch (origin.from) {
    case 'typed':
      return `${n(tokens)} as typed`;
    case 'link':
      return `${n(tokens)} from the link`;
    case 'file':
      return `${n(tokens)} as the file states it${origin.model ? ` for ${origin.model}` : ''}`;
    case 'model':
      return `${n(tokens)} from the file's model ${origin.model}`;
    case 'agent':
      return `${n(tokens)}, ${origin.agent}'s auto-compact window ${origin.source}`;
    case 'default':
      return `${n(tokens)}, the default: the file names no model whose window is known`;
  }
}
