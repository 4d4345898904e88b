/**
 * Claude Code's auto-compact window and point as the user set them: the
 * environment, the settings files by scope and the model, resolved in the
 * order Claude Code 2.1.328 resolves them (docs/harnesses.md quotes the
 * strings this follows). Pure: the caller reads the files and passes them in.
 */
import { formatCount } from '../numbers';
import { modelWindow } from '../modelWindow';
import { claudeCodeOverridden } from './claude-code';
import type { ClaudeCodeParams } from './claude-code';
import { DEFAULT_HARNESS_PARAMS } from './params';
import type { Trigger } from './preset';
import {
  CLAUDE_CODE_MIN_WINDOW,
  CLAUDE_SETTINGS_FILES,
  autoCompactSwitchedOff,
  envValue,
  isTruthy,
  settingsAutoCompactWindow,
  type ClaudeSettingsFiles,
  type ClaudeSettingsScope,
  type EnvValue,
} from './claudeCodeSettings';

const n = formatCount;

/** The window Claude Code assumes for a model it does not recognize ("assumes a context window of 1m tokens"). */
export const CLAUDE_CODE_UNKNOWN_MODEL_WINDOW = 1_000_000;
/** What `CLAUDE_CODE_DISABLE_1M_CONTEXT` holds a 1M-context model to. */
export const CLAUDE_CODE_1M_OFF_WINDOW = 200_000;
/** The window when nothing names a model: Claude Code's models' usual one. */
const DEFAULT_WINDOW = 200_000;

/** Which one decided the window. */
export type ClaudeCodeWindowSource =
  | { from: 'env'; origin: EnvValue['origin'] }
  | { from: 'settings'; scope: ClaudeSettingsScope; perModel: boolean }
  /** The model's own window: as Claude Code reported it (`status`), or from its name. */
  | { from: 'status' }
  | { from: 'model'; model: string }
  | { from: '1m-off'; model: string }
  | { from: 'unknown-model'; model: string }
  | { from: 'default' };

export interface ClaudeCodeWindowInput {
  env: Readonly<Record<string, string | undefined>>;
  files: ClaudeSettingsFiles;
  /** The model id the session runs, when known. */
  model: string | null;
  /** The model's window as Claude Code itself reported it (the status line's `context_window_size`). */
  reportedWindow?: number | null;
  params?: ClaudeCodeParams;
}

export interface ClaudeCodeWindow {
  /** The auto-compact window: the configured one, never past the model's. */
  window: number;
  /** The model's window, which caps it. */
  modelWindow: number;
  /** Where auto-compact fires; null when it is off. */
  trigger: Trigger | null;
  /** Why auto-compact is off, or null. */
  off: string | null;
  source: ClaudeCodeWindowSource;
  /** What was raised, dropped, capped or ignored on the way, in words. */
  notes: string[];
}

/** The model's window as Claude Code takes it, and where that came from. */
function modelWindowOf(
  input: ClaudeCodeWindowInput,
  disable1m: boolean,
  notes: string[],
): { window: number; source: ClaudeCodeWindowSource } {
  const { model, reportedWindow } = input;
  if (reportedWindow && reportedWindow > 0) return { window: reportedWindow, source: { from: 'status' } };
  if (!model) return { window: DEFAULT_WINDOW, source: { from: 'default' } };
  const recognized = /(^|[./])claude-/i.test(model.trim());
  if (!recognized) {
    notes.push(
      `Claude Code doesn't recognize the model "${model}", so it assumes a context window of ${n(CLAUDE_CODE_UNKNOWN_MODEL_WINDOW)} tokens`,
    );
    return { window: CLAUDE_CODE_UNKNOWN_MODEL_WINDOW, source: { from: 'unknown-model', model } };
  }
  const own = modelWindow(model) ?? DEFAULT_WINDOW;
  if (disable1m && own > CLAUDE_CODE_1M_OFF_WINDOW) {
    notes.push(`CLAUDE_CODE_DISABLE_1M_CONTEXT holds ${model} to ${n(CLAUDE_CODE_1M_OFF_WINDOW)}`);
    return { window: CLAUDE_CODE_1M_OFF_WINDOW, source: { from: '1m-off', model } };
  }
  return { window: own, source: { from: 'model', model } };
}

/**
 * `CLAUDE_CODE_AUTO_COMPACT_WINDOW` as Claude Code reads it: `200k`, `1m`,
 * `200000` or `200,000`; a size below 100,000 is raised to 100,000, and one
 * that is not a size is ignored, each with a note. Undefined when unset or
 * ignored.
 */
export function envWindow(raw: string, notes: string[]): number | undefined {
  const text = raw.trim();
  const suffix = text.slice(-1).toLowerCase();
  const unit = suffix === 'm' ? 1_000_000 : suffix === 'k' ? 1_000 : undefined;
  const tokens = Math.round(unit === undefined ? plainNumber(text) : Number.parseFloat(text) * unit);
  const named = `CLAUDE_CODE_AUTO_COMPACT_WINDOW="${raw}"`;
  if (!Number.isSafeInteger(tokens) || tokens < 1) {
    notes.push(`${named} isn't a usable size, so Claude Code ignores it`);
    return undefined;
  }
  if (tokens < CLAUDE_CODE_MIN_WINDOW) {
    notes.push(
      `${named} reads as ${n(tokens)} tokens, so Claude Code raises it to the ${n(CLAUDE_CODE_MIN_WINDOW)} minimum`,
    );
    return CLAUDE_CODE_MIN_WINDOW;
  }
  return tokens;
}

/** A number as Claude Code's parser takes it: `1e6`, `200,000` or `200_000`, else its leading digits. */
function plainNumber(text: string): number {
  if (text.length <= 32) {
    if (/^[+-]?(\d+(\.\d*)?|\.\d+)[eE][+-]?\d+$/.test(text)) return Number(text);
    if (/^[+-]?\d{1,3}([_,\u00A0\u202F ])\d{3}(?:\1\d{3})*$/.test(text))
      return Number.parseInt(text.replace(/[_,\u00A0\u202F ]/g, ''), 10);
  }
  return Number.parseInt(text, 10);
}

/**
 * The window and point Claude Code would use: `CLAUDE_CODE_AUTO_COMPACT_WINDOW`
 * (from the environment or a settings file's `env`) first, then the
 * settings' `autoCompactWindow` (per-model entry first, scopes in
 * precedence), then the model's window; never past the model's window. The
 * point is the window less the reply's reserve less the buffer, or
 * `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` of it when that is lower;
 * `DISABLE_AUTO_COMPACT`, `DISABLE_COMPACT` or `autoCompactEnabled: false`
 * turn it off.
 */
export function claudeCodeWindow(input: ClaudeCodeWindowInput): ClaudeCodeWindow {
  const notes: string[] = [];
  const env = (name: string) => envValue(name, input.env, input.files);
  const base = modelWindowOf(input, isTruthy(env('CLAUDE_CODE_DISABLE_1M_CONTEXT')?.value), notes);
  let configured: { tokens: number; source: ClaudeCodeWindowSource } | null = null;
  const fromEnv = env('CLAUDE_CODE_AUTO_COMPACT_WINDOW');
  const envTokens = fromEnv ? envWindow(fromEnv.value, notes) : undefined;
  if (fromEnv && envTokens !== undefined) {
    configured = { tokens: envTokens, source: { from: 'env', origin: fromEnv.origin } };
  } else {
    const set = settingsAutoCompactWindow(input.files, input.model, notes);
    if (set && set.window !== 'auto')
      configured = {
        tokens: set.window,
        source: { from: 'settings', scope: set.scope, perModel: set.perModel },
      };
  }
  const window = configured ? Math.min(configured.tokens, base.window) : base.window;
  if (configured && configured.tokens > base.window)
    notes.push(`${n(configured.tokens)} is capped to the model's window of ${n(base.window)}`);
  const source = configured?.source ?? base.source;
  const off = offReason(env);
  const params = input.params ?? DEFAULT_HARNESS_PARAMS['claude-code'];
  const pct = env('CLAUDE_AUTOCOMPACT_PCT_OVERRIDE');
  const trigger = off ? null : claudeCodeOverridden(window, pct ? Number.parseFloat(pct.value) : NaN, params);
  return { window, modelWindow: base.window, trigger, off, source, notes };

  function offReason(read: typeof env): string | null {
    for (const name of ['DISABLE_COMPACT', 'DISABLE_AUTO_COMPACT']) {
      const value = read(name);
      if (value && isTruthy(value.value)) return `${name}=${value.value}${whereEnv(value.origin)}`;
    }
    return autoCompactSwitchedOff(input.files);
  }
}

function whereEnv(origin: EnvValue['origin']): string {
  if (origin.from === 'environment') return '';
  return origin.scope === 'global'
    ? ' (env in ~/.claude.json)'
    : ` (env in the ${origin.scope} settings, ${CLAUDE_SETTINGS_FILES[origin.scope]})`;
}

/** Where the window came from, in words that follow the figure: `from CLAUDE_CODE_AUTO_COMPACT_WINDOW`. */
/** Whether something the user set decided the window (a variable, a setting, the 1M switch), not the model alone. */
export function setByClaudeCode(source: ClaudeCodeWindowSource): boolean {
  return source.from === 'env' || source.from === 'settings' || source.from === '1m-off';
}

export function describeClaudeCodeSource(source: ClaudeCodeWindowSource): string {
  switch (source.from) {
    case 'env':
      return `from CLAUDE_CODE_AUTO_COMPACT_WINDOW${whereEnv(source.origin)}`;
    case 'settings':
      return `from ${source.perModel ? 'modelSettings…autoCompactWindow' : 'autoCompactWindow'} in the ${source.scope} settings (${CLAUDE_SETTINGS_FILES[source.scope]})`;
    case 'status':
      return "as Claude Code reports the model's window";
    case 'model':
      return `from the window of ${source.model}`;
    case '1m-off':
      return `from ${source.model} held to 200,000 by CLAUDE_CODE_DISABLE_1M_CONTEXT`;
    case 'unknown-model':
      return `as Claude Code assumes it for a model it does not recognize (${source.model})`;
    case 'default':
      return 'by default: no model named';
  }
}

/** The whole resolution in one line: `window 500,000 from …; auto-compact at 467,000 (…)`. */
export function describeClaudeCodeWindow(w: ClaudeCodeWindow): string {
  const point = w.trigger
    ? `auto-compact at ${n(w.trigger.threshold)} (${w.trigger.formula})`
    : `auto-compact off (${w.off})`;
  return [`window ${n(w.window)} ${describeClaudeCodeSource(w.source)}; ${point}`, ...w.notes].join('; ');
}
