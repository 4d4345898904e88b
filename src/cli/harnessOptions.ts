/**
 * The presets' parameters on the command line: one option per parameter,
 * applied to the preset that has it. An option two presets share (say
 * `--threshold-fraction`, Codex's and Gemini CLI's) applies to the one chosen
 * with `--strategy`.
 */
import { maxOf } from '../core/arrays';
import type { HarnessId, HarnessParams, HarnessParamsInput, Strategy } from '../core';
import { UsageError } from './io';
import type { Values } from './options';

type Kind = 'tokens' | 'count' | 'fraction' | 'flag' | 'tools';

/** A parameter of one preset. */
interface Target {
  harness: HarnessId;
  param: string;
}

interface HarnessOption {
  kind: Kind;
  targets: Target[];
  help: string;
}

const target = <H extends HarnessId>(harness: H, param: keyof HarnessParams[H] & string): Target => ({
  harness,
  param,
});

/** Every preset option: what it sets, and its line in the help. */
export const HARNESS_OPTION_TABLE: Record<string, HarnessOption> = {
  'max-output': {
    kind: 'tokens',
    targets: [target('claude-code', 'maxOutputTokens'), target('opencode', 'maxOutputTokens')],
    help: "the model's largest reply (claude-code, opencode; default 32000)",
  },
  'autocompact-buffer': {
    kind: 'tokens',
    targets: [target('claude-code', 'autocompactBuffer')],
    help: 'claude-code fires this far below the window less the reply (default 13000)',
  },
  microcompact: {
    kind: 'flag',
    targets: [target('claude-code', 'microcompact')],
    help: 'claude-code clears old Read/Bash/Grep/… results first, as after an idle pause',
  },
  'keep-tool-uses': {
    kind: 'count',
    targets: [target('clear-tool-uses', 'keepToolUses'), target('claude-code', 'keepToolResults')],
    help: 'newest tool uses kept whole (clear-tool-uses default 3; claude-code microcompact 5)',
  },
  trigger: {
    kind: 'tokens',
    targets: [target('clear-tool-uses', 'trigger')],
    help: 'clear-tool-uses clears once the input exceeds this (default 100000)',
  },
  'clear-at-least': {
    kind: 'tokens',
    targets: [target('clear-tool-uses', 'clearAtLeast')],
    help: 'clear-tool-uses clears only if at least this many tokens go (default 0)',
  },
  'exclude-tools': {
    kind: 'tools',
    targets: [target('clear-tool-uses', 'excludeTools'), target('opencode', 'protectedTools')],
    help: 'tools never cleared, comma-separated (clear-tool-uses: none; opencode: skill)',
  },
  'clear-inputs': {
    kind: 'flag',
    targets: [target('clear-tool-uses', 'clearInputs')],
    help: 'clear-tool-uses also clears the arguments of the calls it clears',
  },
  'clear-thinking': {
    kind: 'flag',
    targets: [target('clear-tool-uses', 'clearThinking')],
    help: "clear-tool-uses also keeps only the newest turn's reasoning",
  },
  'keep-observations': {
    kind: 'count',
    targets: [target('mask-observations', 'keepObservations')],
    help: 'mask-observations keeps this many newest tool results (default 10)',
  },
  'threshold-fraction': {
    kind: 'fraction',
    targets: [target('gemini-cli', 'thresholdFraction'), target('codex', 'thresholdFraction')],
    help: 'share of the window that fires (gemini-cli default 0.5, codex 0.9)',
  },
  'preserve-fraction': {
    kind: 'fraction',
    targets: [target('gemini-cli', 'preserveFraction')],
    help: 'gemini-cli keeps this newest share verbatim (default 0.3)',
  },
  'auto-compact-limit': {
    kind: 'tokens',
    targets: [target('codex', 'autoCompactLimit')],
    help: "codex: the model's own auto-compact limit (default none)",
  },
  protect: {
    kind: 'tokens',
    targets: [target('opencode', 'protect')],
    help: 'opencode never prunes this much of the newest tool output (default 40000)',
  },
  'prune-minimum': {
    kind: 'tokens',
    targets: [target('opencode', 'pruneMinimum')],
    help: 'opencode prunes only when more than this would go (default 20000)',
  },
};

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

function valueOf(values: Values, name: string, kind: Kind): unknown {
  const raw = values[name];
  switch (kind) {
    case 'flag':
      return raw === true;
    case 'tokens':
      return wholeNumber(name, raw, 'tokens');
    case 'count':
      return wholeNumber(name, raw, name === 'keep-observations' ? 'tool results' : 'tool uses');
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
    out ??= structuredClone((base ?? {}) as Record<string, Record<string, unknown>>);
    out[applies.harness] = { ...out[applies.harness], [applies.param]: valueOf(values, name, option.kind) };
  }
  return (out as HarnessParamsInput | undefined) ?? base;
}

const width = maxOf(Object.keys(HARNESS_OPTION_TABLE).map((name) => name.length + 4)) ?? 0;

export const HARNESS_HELP = Object.entries(HARNESS_OPTION_TABLE)
  .map(([name, { kind, help }]) => {
    const metavar = { tokens: ' N', count: ' N', fraction: ' X', flag: '', tools: ' a,b' }[kind];
    return `  ${`--${name}${metavar}`.padEnd(width + 2)}${help}`;
  })
  .join('\n');
