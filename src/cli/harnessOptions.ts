/**
 * The presets' parameters on the command line: one option per parameter,
 * applied to the preset that has it. An option two presets share (say
 * `--threshold-fraction`, Codex's and Gemini CLI's) applies to the one chosen
 * with `--strategy`.
 */
import { maxOf } from '../core/arrays';
import { harnessParamProblem, paramRule, ruleRange } from '../core/harness/paramProblems';
import { PRESETS, type HarnessId, type HarnessParamsInput, type ParamRule, type Strategy } from '../core';
import { UsageError } from './io';
import type { Values } from './values';

type Kind = 'count' | 'fraction' | 'flag' | 'tools';

/** A parameter of one preset. */
interface Target {
  harness: HarnessId;
  param: string;
}

interface HarnessOption {
  kind: Kind;
  /** What a count counts, for its message. */
  unit: string;
  /** The preset that writes the help line first, then the others in the registry's order. */
  targets: Target[];
  help: string;
}

/**
 * Every preset option, gathered from the presets' parameters: what it sets,
 * and its line in the help. An option two presets share has one entry.
 */
function optionTable(): Record<string, HarnessOption> {
  const table: Record<string, HarnessOption> = {};
  for (const preset of PRESETS) {
    for (const [param, spec] of Object.entries(preset.params) as [
      string,
      { rule: ParamRule; option?: { name: string; help?: string; unit?: string } },
    ][]) {
      const option = spec.option;
      if (!option) continue;
      const entry = (table[option.name] ??= { kind: spec.rule.kind, unit: 'tokens', targets: [], help: '' });
      const target = { harness: preset.id, param };
      if (option.help) {
        entry.help = option.help;
        entry.targets.unshift(target);
      } else {
        entry.targets.push(target);
      }
      if (option.unit) entry.unit = option.unit;
    }
  }
  return table;
}

export const HARNESS_OPTION_TABLE: Record<string, HarnessOption> = optionTable();

/** The options for `parseArgs`. */
export const HARNESS_OPTIONS = Object.fromEntries(
  Object.entries(HARNESS_OPTION_TABLE).map(([name, option]) => [
    name,
    { type: option.kind === 'flag' ? 'boolean' : 'string' },
  ]),
) as Record<string, { type: 'string' | 'boolean' }>;

/** `--name`, for a parameter: how a report names what the user typed. */
export function optionForParam(param: string): string | undefined {
  const [harness, name] = param.split('.');
  for (const [option, { targets }] of Object.entries(HARNESS_OPTION_TABLE)) {
    if (targets.some((t) => t.harness === harness && t.param === name)) return `--${option}`;
  }
  return undefined;
}

/** A whole number, underscores allowed as separators (`100_000`), as every count option takes it. */
function wholeNumber(name: string, raw: unknown, unit: string): number {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw.replaceAll('_', ''))) {
    throw new UsageError(`--${name}: expected a whole number of ${unit}, got '${String(raw)}'`);
  }
  return Number(raw.replaceAll('_', ''));
}

function valueOf(values: Values, name: string, { kind, unit }: HarnessOption): unknown {
  const raw = values[name];
  switch (kind) {
    case 'flag':
      return raw === true;
    case 'count':
      return wholeNumber(name, raw, unit);
    case 'fraction': {
      const x = Number(raw);
      if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(x) || x <= 0 || x > 1) {
        throw new UsageError(
          `--${name}: expected a share above 0 and at most 1, like 0.5, got '${String(raw)}'`,
        );
      }
      return x;
    }
    case 'tools': {
      const names = String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return names;
    }
  }
}

/**
 * The presets' parameters from the command line over `base` (a link's), or
 * `base` unchanged when no preset option was given.
 */
export function harnessFrom(
  values: Values,
  strategy: Strategy | undefined,
  base: HarnessParamsInput | undefined,
): HarnessParamsInput | undefined {
  let out: Record<string, Record<string, unknown>> | undefined;
  for (const [name, option] of Object.entries(HARNESS_OPTION_TABLE)) {
    if (values[name] === undefined || (option.kind === 'flag' && values[name] !== true)) continue;
    const chosen = option.targets.find((t) => t.harness === strategy);
    const applies = chosen ?? (option.targets.length === 1 ? option.targets[0] : undefined);
    if (!applies) {
      const owners = option.targets.map((t) => t.harness).join(' or ');
      throw new UsageError(`--${name} is a parameter of ${owners}: choose one with --strategy`);
    }
    const value = valueOf(values, name, option);
    // The page's rule for the parameter (`paramProblems.ts`): refused here as it is refused there.
    if (harnessParamProblem(applies.harness, applies.param as never, value) !== null) {
      const rule = paramRule(applies.harness, applies.param as never);
      const unit = rule.kind === 'count' ? ` ${option.unit}` : '';
      throw new UsageError(
        `--${name}: ${String(values[name])} is out of range: ${applies.harness} takes ${ruleRange(rule)}${unit}`,
      );
    }
    out ??= structuredClone((base ?? {}) as Record<string, Record<string, unknown>>);
    out[applies.harness] = { ...out[applies.harness], [applies.param]: value };
  }
  return (out as HarnessParamsInput | undefined) ?? base;
}

const width = maxOf(Object.keys(HARNESS_OPTION_TABLE).map((name) => name.length + 4)) ?? 0;

export const HARNESS_HELP = Object.entries(HARNESS_OPTION_TABLE)
  .map(([name, { kind, help }]) => {
    const metavar = { count: ' N', fraction: ' X', flag: '', tools: ' a,b' }[kind];
    return `  ${`--${name}${metavar}`.padEnd(width + 2)}${help}`;
  })
  .join('\n');
