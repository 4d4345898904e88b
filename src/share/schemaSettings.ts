/**
 * The settings as a link carries them, as typed: the schema of each field and
 * of every preset's parameters, built from the tables that define them.
 */
import * as v from 'valibot';
import { STRATEGIES } from '../core/settings';
import { TOKENIZERS } from '../core/tokenizer';
import { HARNESSES } from '../core/harness/registry';
import {
  HARNESS_PARAM_RULES,
  MAX_HARNESS_TOKENS,
  MAX_TOOL_NAME_CHARS,
  MAX_TOOL_NAMES,
  type HarnessParamsInput,
} from '../core/harness/params';
import type { ParamRule } from '../core/harness/preset';
import { TYPED_SETTING_LIMITS } from './limits';

/**
 * Settings travel as the sender typed them, before normalization: the reader's
 * settings panel then shows the same adjustments ("keep-recent of 0 or less
 * takes the default") the sender saw. So a number may be negative or
 * fractional here; the limits only bound its size, and `restoreShare` runs
 * the normal rules over it: a value the settings refuse (a reserve at or
 * above the window) is not applied but reported, as if typed on the page.
 */
function typedNumber(limit: number) {
  return v.pipe(v.number(), v.minValue(-limit), v.maxValue(limit));
}

function harnessParamSchema(rule: ParamRule) {
  switch (rule.kind) {
    case 'count':
    case 'fraction':
      return typedNumber(MAX_HARNESS_TOKENS);
    case 'flag':
      return v.boolean();
    case 'tools':
      return v.pipe(
        v.array(v.pipe(v.string(), v.maxLength(MAX_TOOL_NAME_CHARS))),
        v.maxLength(MAX_TOOL_NAMES),
      );
  }
}

/**
 * The presets' parameters, as typed: each preset an object of its own
 * parameters (the rules of `HARNESS_PARAM_RULES`), any subset. Built from that
 * table, so a parameter added there is accepted here; the cast only names the
 * type the table describes.
 */
export const harnessParamsSchema = v.strictObject(
  Object.fromEntries(
    HARNESSES.map((harness) => [
      harness,
      v.optional(
        v.strictObject(
          Object.fromEntries(
            Object.entries(HARNESS_PARAM_RULES[harness]).map(([name, rule]) => [
              name,
              v.optional(harnessParamSchema(rule as ParamRule)),
            ]),
          ),
        ),
      ),
    ]),
  ),
) as unknown as v.GenericSchema<unknown, HarnessParamsInput>;

export const typedSettingsSchema = v.strictObject({
  enabled: v.optional(v.boolean()),
  maxContextTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.maxContextTokens)),
  reserveTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.reserveTokens)),
  keepRecentTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.keepRecentTokens)),
  maxSummaryTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.maxSummaryTokens)),
  stallTimeoutMs: v.optional(typedNumber(TYPED_SETTING_LIMITS.stallTimeoutMs)),
  strategy: v.optional(v.picklist(STRATEGIES)),
  tokenizer: v.optional(v.picklist(TOKENIZERS)),
  scale: v.optional(typedNumber(TYPED_SETTING_LIMITS.scale)),
  // Added after v2 shipped; a link without it leaves the part to the file's usage, as before.
  unseenTokens: v.optional(v.nullable(typedNumber(TYPED_SETTING_LIMITS.unseenTokens))),
  harness: v.optional(harnessParamsSchema),
});
