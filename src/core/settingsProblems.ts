/**
 * Settings nobody can mean, refused before normalization ever sees them.
 *
 * Normalization (`explainSettings`) reconciles budgets that cannot all be
 * honoured at once; it cannot repair a configuration with no sensible
 * reading. A reserve at or above the window used to normalize into
 * "threshold 1: compaction fires" on every message; a keep-recent larger
 * than the window promised to keep more than the model can ever see. Those
 * are refused where they are typed (the page's fields, the CLI's options) and
 * where they are read back (share links, stored settings), with the reason,
 * and the last value that made sense keeps applying.
 */
import {
  DEFAULT_RESERVE_TOKENS,
  DEFAULT_SETTINGS,
  MAX_SCALE,
  MIN_SCALE,
  type SettingsFields,
  type SettingsInput,
} from './settings';
import { formatCount } from './numbers';

export type SettingField = keyof SettingsFields;

/** One refused configuration: the fields it is about (the one at fault first), and why. */
export interface SettingProblem {
  fields: readonly SettingField[];
  reason: string;
}

/** A typed value that was not applied, and why. */
export interface Refusal {
  field: SettingField;
  value: SettingsFields[SettingField];
  reason: string;
}

const n = formatCount;

/** What each number is called in a sentence, and what its 0 means (when it means something). */
const NUMBERS: Partial<Record<SettingField, { name: string; unit: string; zero?: string }>> = {
  maxContextTokens: { name: 'The window', unit: 'tokens', zero: '0 = compaction off' },
  reserveTokens: {
    name: 'The reserve',
    unit: 'tokens',
    zero: `0 takes the default, ${n(DEFAULT_RESERVE_TOKENS)}`,
  },
  keepRecentTokens: {
    name: 'Keep-recent',
    unit: 'tokens',
    zero: `0 takes the default, ${n(DEFAULT_SETTINGS.keepRecentTokens)}`,
  },
  maxSummaryTokens: { name: 'The summary cap', unit: 'tokens', zero: '0 leaves only the derived budget' },
  stallTimeoutMs: { name: 'The stall timeout', unit: 'milliseconds', zero: '0 takes the default' },
};

/** A count that is not a whole, non-negative number has no reading at all. */
function countProblem(field: SettingField, value: number): SettingProblem | null {
  const { name, unit, zero } = NUMBERS[field]!;
  const why = (text: string) => ({ fields: [field], reason: text });
  if (!Number.isFinite(value)) return why(`${name} must be a number.`);
  if (value < 0) return why(`${name} cannot be negative${zero ? ` (${zero})` : ''}.`);
  if (!Number.isInteger(value)) return why(`${name} is a whole number of ${unit}.`);
  return null;
}

/**
 * Every problem with `input` (defaults filled in), in field order. Empty when
 * the settings can be normalized into something a person could have meant.
 */
export function settingsProblems(input: SettingsInput): SettingProblem[] {
  const s: SettingsFields = { ...DEFAULT_SETTINGS, ...input };
  const problems: SettingProblem[] = [];
  const bad = new Set<SettingField>();
  for (const field of Object.keys(NUMBERS) as SettingField[]) {
    const problem = countProblem(field, s[field] as number);
    if (problem) {
      problems.push(problem);
      bad.add(field);
    }
  }
  const unseen = s.unseenTokens;
  if (unseen !== null) {
    const name = 'The part not in the file';
    if (!Number.isFinite(unseen))
      problems.push({ fields: ['unseenTokens'], reason: `${name} must be a number.` });
    else if (unseen < 0)
      problems.push({
        fields: ['unseenTokens'],
        reason: `${name} cannot be negative (empty leaves it to the file's recorded usage).`,
      });
    else if (!Number.isInteger(unseen))
      problems.push({ fields: ['unseenTokens'], reason: `${name} is a whole number of tokens.` });
  }
  if (!Number.isFinite(s.scale) || s.scale < MIN_SCALE || s.scale > MAX_SCALE) {
    problems.push({ fields: ['scale'], reason: `Scale must be from ${MIN_SCALE} to ${MAX_SCALE}.` });
  }

  const window = s.maxContextTokens;
  if (bad.has('maxContextTokens') || window === 0) return problems;
  if (!bad.has('reserveTokens')) {
    // 0 means the default reserve, so that is the one the window must hold.
    const reserve = s.reserveTokens > 0 ? s.reserveTokens : DEFAULT_RESERVE_TOKENS;
    if (reserve >= window) {
      const which =
        s.reserveTokens > 0
          ? `The reserve (${n(reserve)})`
          : `A reserve of 0 takes the default, ${n(reserve)}, which`;
      problems.push({
        fields: ['reserveTokens', 'maxContextTokens'],
        reason:
          `${which} must be smaller than the window (${n(window)}): otherwise no room is left ` +
          'for the conversation and every message would compact.',
      });
    }
  }
  if (!bad.has('keepRecentTokens') && s.keepRecentTokens > window) {
    problems.push({
      fields: ['keepRecentTokens', 'maxContextTokens'],
      reason: `Keep-recent (${n(s.keepRecentTokens)}) cannot be larger than the window (${n(window)}): the kept messages alone would not fit.`,
    });
  }
  return problems;
}

/** The problems `field` is part of. */
export function problemsWith(input: SettingsInput, field: SettingField): SettingProblem[] {
  return settingsProblems(input).filter((p) => p.fields.includes(field));
}

/**
 * Typed values over settings that have no problem: each value applies when
 * it leaves none, and is refused with the reason otherwise. A refused value
 * is tried again after every value that applies, so values that only make
 * sense together (a smaller window and a smaller reserve, typed in either
 * order) both apply. The settings this returns have no problem whenever
 * `valid` had none.
 */
export function applyTyped(
  valid: SettingsFields,
  typed: SettingsInput,
): { settings: SettingsFields; refused: Refusal[] } {
  let settings: SettingsFields = { ...valid };
  let pending = (Object.keys(typed) as SettingField[]).filter((field) => typed[field] !== undefined);
  let progress = true;
  while (pending.length && progress) {
    progress = false;
    const still: SettingField[] = [];
    for (const field of pending) {
      const candidate = { ...settings, [field]: typed[field] };
      if (problemsWith(candidate, field).length === 0) {
        if (settings[field] !== typed[field]) progress = true;
        settings = candidate;
      } else still.push(field);
    }
    pending = still;
  }
  const refused = pending.map((field) => ({
    field,
    value: typed[field]!,
    reason: problemsWith({ ...settings, [field]: typed[field] }, field)
      .map((p) => p.reason)
      .join(' '),
  }));
  return { settings, refused };
}
