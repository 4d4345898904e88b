/** The options every command that measures a transcript shares, parsed and checked. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  type Adjustment,
  DEFAULT_SETTINGS,
  HARNESSES,
  type SettingProblem,
  type SettingsFields,
  type SettingsInput,
  settingsProblems,
  STRATEGIES,
  type Strategy,
  type TokenizerId,
  TOKENIZERS,
} from '../core';
import { FORMATS, isFormatId, type FormatId } from '../formats/types';
import { HARNESS_HELP, HARNESS_OPTIONS, harnessFrom, optionForParam } from './harnessOptions';
import type { Values } from './values';
import { UsageError } from './io';

export const SETTINGS_OPTIONS = {
  window: { type: 'string' },
  reserve: { type: 'string' },
  'keep-recent': { type: 'string' },
  'max-summary': { type: 'string' },
  strategy: { type: 'string' },
  tokenizer: { type: 'string' },
  scale: { type: 'string' },
  unseen: { type: 'string' },
  format: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...HARNESS_OPTIONS,
} as const satisfies ParseArgsConfig['options'];

/** Parses argv strictly, turning node's messages into ours. */
export function parse<T extends ParseArgsConfig['options']>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const unknown = /Unknown option '([^']+)'/.exec(text);
    if (unknown) throw new UsageError(`unknown option ${unknown[1]} (see --help)`);
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(text);
    if (missing) throw new UsageError(`option ${missing[1].split(',').pop()!.trim()} needs a value`);
    throw new UsageError(text.split('\n')[0]);
  }
}

export type { Values };

/** A whole number of `unit` (underscores allowed as separators: `128_000`). */
export function integer(values: Values, name: string, unit = 'tokens'): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.replaceAll('_', ''))) {
    throw new UsageError(`--${name}: expected a whole number of ${unit}, got '${String(raw)}'`);
  }
  return Number(raw.replaceAll('_', ''));
}

/** `--stall-timeout MS`: how long a provider may stay silent, at least 1 ms. */
export function stallTimeoutFrom(values: Values): number | undefined {
  const ms = integer(values, 'stall-timeout', 'milliseconds');
  if (ms === 0) throw new UsageError("--stall-timeout: expected at least 1 millisecond, got '0'");
  return ms;
}

export function oneOf<T extends string>(values: Values, name: string, allowed: readonly T[]): T | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !(allowed as readonly string[]).includes(raw)) {
    throw new UsageError(`--${name}: expected one of ${allowed.join(', ')}, got '${String(raw)}'`);
  }
  return raw as T;
}

/**
 * Settings from the command line over `base`: the defaults (window 128000,
 * o200k_base, budget), or the settings a share link carried, so that an
 * option typed now wins over one someone else chose.
 */
export function settingsFrom(values: Values, base: SettingsInput = DEFAULT_SETTINGS): SettingsInput {
  const settings: SettingsInput = { ...DEFAULT_SETTINGS, ...base };
  const assign = <K extends keyof SettingsFields>(key: K, value: SettingsFields[K] | undefined) => {
    if (value !== undefined) settings[key] = value;
  };
  assign('maxContextTokens', integer(values, 'window'));
  assign('reserveTokens', integer(values, 'reserve'));
  assign('keepRecentTokens', integer(values, 'keep-recent'));
  assign('maxSummaryTokens', integer(values, 'max-summary'));
  assign('strategy', oneOf<Strategy>(values, 'strategy', STRATEGIES));
  assign('tokenizer', oneOf<TokenizerId>(values, 'tokenizer', TOKENIZERS));
  assign('stallTimeoutMs', stallTimeoutFrom(values));
  assign('unseenTokens', integer(values, 'unseen'));
  if (values.scale !== undefined) {
    const scale = Number(values.scale);
    if (typeof values.scale !== 'string' || values.scale.trim() === '' || !Number.isFinite(scale)) {
      throw new UsageError(`--scale: expected a number from 0.5 to 1.5, got '${String(values.scale)}'`);
    }
    settings.scale = scale;
  }
  const harness = harnessFrom(values, settings.strategy, settings.harness);
  if (harness) settings.harness = harness;
  const problems = settingsProblems(settings);
  if (problems.length) {
    throw new UsageError(problems.map((p) => describeProblem(p, values, base)).join(' '));
  }
  return settings;
}

/**
 * A refused combination in terms of the command line: the options given, then
 * where the others' values came from, then the core's reason.
 */
function describeProblem(problem: SettingProblem, values: Values, base: SettingsInput): string {
  const given: string[] = [];
  const others: string[] = [];
  for (const field of problem.fields) {
    const option = OPTION_OF[field] ?? field;
    const typed = values[option.slice(2)];
    if (typeof typed === 'string') given.push(`${option} ${typed}`);
    else {
      const value = base[field] ?? DEFAULT_SETTINGS[field];
      const from = value === DEFAULT_SETTINGS[field] ? 'the default' : 'from the shared settings';
      others.push(`${option} ${String(value)}, ${from}`);
    }
  }
  const head = given.length ? given.join(' and ') : others.join(' and ');
  const tail = given.length && others.length ? ` (with ${others.join('; ')})` : '';
  return `${head}${tail}: ${problem.reason}`;
}

/** The option that sets each field normalization may change, so a report names it as the user typed it. */
const OPTION_OF: Partial<Record<keyof SettingsFields, string>> = {
  maxContextTokens: '--window',
  reserveTokens: '--reserve',
  keepRecentTokens: '--keep-recent',
  maxSummaryTokens: '--max-summary',
  stallTimeoutMs: '--stall-timeout',
  scale: '--scale',
  unseenTokens: '--unseen',
};

/** One change normalization made: the option, the value given → the value used, and why. */
export function describeAdjustment(adjustment: Adjustment): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const { field, from, to, reason } = adjustment;
  const option = adjustment.param ? (optionForParam(adjustment.param) ?? adjustment.param) : OPTION_OF[field];
  return `${option ?? field} ${n(from)} → ${n(to)}: ${reason}`;
}

export function formatFrom(values: Values): FormatId | undefined {
  const raw = values.format;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !isFormatId(raw)) {
    throw new UsageError(
      `--format: expected one of ${FORMATS.map((f) => f.id).join(', ')}, got '${String(raw)}'`,
    );
  }
  return raw;
}

export const SETTINGS_HELP = `  --window N          context window in tokens (default 128000; 0 turns compaction off)
  --reserve N         tokens kept free for the next response (default 16384)
  --keep-recent N     tokens of recent conversation kept verbatim (default 20000)
  --max-summary N     cap on the summary's tokens (default 0: derived from the reserve)
  --strategy S        budget | pi | turns (default budget), or an agent's rules:
                      ${HARNESSES.join(' | ')}
  --tokenizer T       o200k_base | cl100k_base | chars4 (default o200k_base)
  --scale X           multiply token counts, 0.5 to 1.5 (default 1)
  --unseen N          tokens every request holds that the file does not show (system
                      prompt, tools); default: measured from the file's recorded usage
  --format F          force the input format instead of detecting it
  --json              print one JSON document instead of the table

Preset parameters: each sets the preset that has it; one that two presets share
sets the one chosen with --strategy (docs/harnesses.md gives every source):
${HARNESS_HELP}`;
